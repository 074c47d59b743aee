/*
 * `digestlab bench --jvm`: Java's MessageDigest, driven by the digestlab command over stdin/stdout (one request a
 * line, one reply a line per answer; fields separated by tabs). Run as a single source file (`java DigestlabJvm.java`,
 * JDK 11 or newer), so nothing is compiled ahead of time; BouncyCastle is used when its jar is on the class path.
 * The protocol is written down once, in packages/cli/src/jvm/protocol.ts; the timing follows the lab's
 * (packages/lab/src/timing.ts and bench/time.ts): a warm-up, a batch sized to the sample time, and each round's
 * sample taken in two halves, the second pass in reverse order, in the round order the digestlab command sends.
 */
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.security.Security;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

public class DigestlabJvm {
    static final String PROTOCOL = "1";
    static final String BC_CLASS = "org.bouncycastle.jce.provider.BouncyCastleProvider";

    /** One complete, independent hash: the seed workload's string to hex, or the sizes workload's bytes to bytes. */
    interface Call {
        Object run();
    }

    /** A row: how it hashes a string to hex and bytes to bytes (null: the row cannot). */
    abstract static class Row {
        final String id;
        final String library;
        final String version;
        final String call;

        Row(String id, String library, String version, String call) {
            this.id = id;
            this.library = library;
            this.version = version;
            this.call = call;
        }

        /** Whether the row has `alg` here. */
        abstract boolean has(String alg);

        abstract Call hex(String alg, String input);

        abstract Call bytes(String alg, byte[] input);
    }

    /** MessageDigest.getInstance(alg, provider) per call, hex from a char table: how code that cares writes it. */
    static final class ProviderRow extends Row {
        final Provider provider;

        ProviderRow(String id, String library, String version, Provider provider) {
            super(id, library, version,
                "MessageDigest.getInstance(alg, " + provider.getName() + ") per call, digest(bytes); hex from a char table");
            this.provider = provider;
        }

        boolean has(String alg) {
            try {
                MessageDigest.getInstance(alg, provider);
                return true;
            } catch (NoSuchAlgorithmException e) {
                return false;
            }
        }

        MessageDigest md(String alg) {
            try {
                return MessageDigest.getInstance(alg, provider);
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
        }

        Call hex(String alg, String input) {
            return () -> toHex(md(alg).digest(input.getBytes(StandardCharsets.UTF_8)));
        }

        Call bytes(String alg, byte[] input) {
            return () -> md(alg).digest(input);
        }
    }

    /** The seed's own getMessageDigestString, called as the seed called it. Strings only. */
    static final class SeedRow extends Row {
        SeedRow(String version) {
            super("java:SUN:seed", "java", version,
                "the seed's getMessageDigestString(input, alg), verbatim: MessageDigest.getInstance(alg) per call, hex built with +=");
        }

        boolean has(String alg) {
            return getMessageDigestString("", alg) != null;
        }

        Call hex(String alg, String input) {
            return () -> getMessageDigestString(input, alg);
        }

        Call bytes(String alg, byte[] input) {
            return null;
        }
    }

    // ---- the seed's function, verbatim (/work/shared/seeds/000_7bb5a408a1134703.txt; `new Byte` is deprecated) ----
    @SuppressWarnings({"deprecation", "removal"})
    public static String getMessageDigestString(String input,String alg) {
     String enc = new String();
        MessageDigest md;
        try {
            md = MessageDigest.getInstance(alg);
            md.update(input.getBytes());
            byte[] mb = md.digest();
            for (int i = 0; i < mb.length; i++) {
                byte temp = mb[i];
                String s = Integer.toHexString(new Byte(temp));
                while (s.length() < 2) {
                    s = "0" + s;
                }
                s = s.substring(s.length() - 2);
                enc += s;
            }
        } catch (NoSuchAlgorithmException e) {
            return null;
        }
        return enc;
    }
    // ---- end of the seed's function ----

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    static String toHex(byte[] b) {
        char[] c = new char[b.length * 2];
        for (int i = 0; i < b.length; i++) {
            c[2 * i] = HEX[(b[i] >> 4) & 15];
            c[2 * i + 1] = HEX[b[i] & 15];
        }
        return new String(c);
    }

    static String hexOf(Object out) {
        return out instanceof byte[] ? toHex((byte[]) out) : String.valueOf(out);
    }

    /** A field every timed call writes: the work is consumed, and the last result is checked after timing. */
    static volatile Object sink;

    static final PrintStream OUT = new PrintStream(System.out, false, StandardCharsets.UTF_8);

    static void reply(String... fields) {
        OUT.print(String.join("\t", fields));
        OUT.print('\n');
        OUT.flush();
    }

    /** A message as one field: no tabs or line breaks. */
    static String field(Object o) {
        return String.valueOf(o).replaceAll("\\s+", " ");
    }

    static String describe(Throwable e) {
        return field(e.getClass().getSimpleName() + ": " + e.getMessage());
    }

    final Map<String, Row> rows = new HashMap<>();
    final Map<String, byte[]> inputs = new HashMap<>();

    void hello(String[] f) {
        String vm = System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version");
        reply("hello", PROTOCOL, System.getProperty("java.version"), field(System.getProperty("java.vendor")), field(vm));
        List<Row> all = new ArrayList<>();
        Provider sun = Security.getProvider("SUN");
        all.add(new ProviderRow("java:SUN", "java", System.getProperty("java.version"), sun));
        all.add(new SeedRow(System.getProperty("java.version")));
        try {
            Provider bc = (Provider) Class.forName(BC_CLASS).getDeclaredConstructor().newInstance();
            all.add(new ProviderRow("java:BC", "bcprov", bc.getVersionStr(), bc));
        } catch (ReflectiveOperationException | LinkageError e) {
            reply("skip", "java:BC", "no BouncyCastle on the class path (" + field(e.getClass().getSimpleName()) + ")");
        }
        String[] algorithms = f.length > 2 && !f[2].isEmpty() ? f[2].split(",") : new String[0];
        for (Row r : all) {
            List<String> has = new ArrayList<>();
            for (String a : algorithms) if (r.has(a)) has.add(a);
            rows.put(r.id, r);
            reply("row", r.id, r.library, field(r.version), String.join(",", has), field(r.call));
        }
        reply("ready");
    }

    Call call(String rowId, String alg, String kind, String inputKey) {
        Row row = rows.get(rowId);
        byte[] input = inputs.get(inputKey);
        if (row == null) throw new IllegalArgumentException("no row " + rowId);
        if (input == null) throw new IllegalArgumentException("no input " + inputKey);
        if (kind.equals("hex")) return row.hex(alg, new String(input, StandardCharsets.UTF_8));
        if (kind.equals("bytes")) return row.bytes(alg, input);
        throw new IllegalArgumentException("no call kind " + kind);
    }

    void digest(String[] f) {
        try {
            Call c = call(f[1], f[2], f[3], f[4]);
            if (c == null) {
                reply("unavailable", f[1] + " has no " + f[3] + " call");
                return;
            }
            Object out = c.run();
            if (out == null) reply("unavailable", f[1] + " has no " + f[2]);
            else reply("digest", hexOf(out));
        } catch (RuntimeException e) {
            reply("error", describe(e));
        }
    }

    /** One case of a group being timed. */
    static final class Case {
        final Call call;
        long batch;
        final double[] seconds;
        /** The last timed call's result, checked by the digestlab command after timing. */
        Object last;
        String error;

        Case(Call call, int samples) {
            this.call = call;
            this.seconds = new double[samples];
        }

        /** `n` calls, nanoseconds. */
        long loop(long n) {
            long t0 = System.nanoTime();
            for (long i = 0; i < n; i++) last = call.run();
            return System.nanoTime() - t0;
        }
    }

    /**
     * Warms a case up (at least `minCalls` calls and `warmupMs`), then sizes its batch from a run of doubling length
     * once warm (the warm-up's mean would include the interpreter's time).
     */
    static void prepare(Case c, double sampleMs, double warmupMs, long minCalls) {
        long calls = 0;
        long t0 = System.nanoTime();
        while (calls < minCalls || System.nanoTime() - t0 < warmupMs * 1e6) {
            sink = c.call.run();
            calls++;
        }
        long n = 1;
        long ns;
        while ((ns = c.loop(n)) < sampleMs * 1e6 / 4 && n < (1L << 40)) n *= 2;
        double perCallNs = (double) ns / n;
        c.batch = Math.max(1, Math.round(sampleMs * 1e6 / perCallNs));
    }

    /**
     * group sampleMs samples warmupMs minWarmupCalls cases orders: cases `row,alg,kind,input;...`, orders (one per
     * round) `0,1,2;1,2,0;...`. Replies one line per case, in the group's order.
     */
    void group(String[] f) {
        double sampleMs = Double.parseDouble(f[1]);
        int samples = Integer.parseInt(f[2]);
        double warmupMs = Double.parseDouble(f[3]);
        long minCalls = Long.parseLong(f[4]);
        String[] specs = f[5].split(";");
        String[] orders = f[6].split(";");
        List<Case> cases = new ArrayList<>();
        System.gc();
        for (String spec : specs) {
            String[] p = spec.split(",");
            Case c;
            try {
                c = new Case(call(p[0], p[1], p[2], p[3]), samples);
                prepare(c, sampleMs, warmupMs, minCalls);
            } catch (RuntimeException e) {
                c = new Case(null, samples);
                c.error = describe(e);
            }
            cases.add(c);
        }
        long[] first = new long[cases.size()];
        for (int round = 0; round < samples; round++) {
            System.gc();
            String[] order = orders[round].split(",");
            for (int part = 0; part < 2; part++) {
                for (int k = 0; k < order.length; k++) {
                    int i = Integer.parseInt(order[part == 0 ? k : order.length - 1 - k]);
                    Case c = cases.get(i);
                    if (c.error != null) continue;
                    long half = round % 2 == 0 ? (c.batch + 1) / 2 : c.batch / 2;
                    try {
                        long ns = c.loop(part == 0 ? half : c.batch - half);
                        if (part == 0) first[i] = ns;
                        else c.seconds[round] = (first[i] + ns) / 1e9 / c.batch;
                    } catch (RuntimeException e) {
                        c.error = describe(e);
                    }
                }
            }
        }
        for (Case c : cases) {
            if (c.error != null) {
                reply("error", c.error);
                continue;
            }
            StringBuilder s = new StringBuilder();
            for (double x : c.seconds) s.append(s.length() == 0 ? "" : " ").append(x);
            reply("timed", String.valueOf(c.batch), hexOf(c.last), s.toString());
        }
    }

    public static void main(String[] args) throws Exception {
        DigestlabJvm jvm = new DigestlabJvm();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line; (line = in.readLine()) != null; ) {
            String[] f = line.split("\t", -1);
            switch (f[0]) {
                case "hello": jvm.hello(f); break;
                case "input": jvm.inputs.put(f[1], Base64.getDecoder().decode(f[2])); break;
                case "digest": jvm.digest(f); break;
                case "group": jvm.group(f); break;
                case "end": return;
                default: reply("error", "unknown request " + field(f[0]));
            }
        }
    }
}
