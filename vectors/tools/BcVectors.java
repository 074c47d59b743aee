// Reference digests from BouncyCastle (Debian's libbcprov-java), an implementation independent of digestlab, of
// OpenSSL and of Java's SUN provider, and the only one here for RIPEMD-128, -256 and -320. Single-file program,
// no build:
//
//   java -cp /usr/share/java/bcprov.jar vectors/tools/BcVectors.java NAME...              > vectors/bc/NAME.txt
//   java -cp /usr/share/java/bcprov.jar vectors/tools/BcVectors.java --million-a NAME...  NAME and its digest of
//                                                                                          1,000,000 bytes 'a'
//   java -cp /usr/share/java/bcprov.jar vectors/tools/BcVectors.java --zeros NAME SIZE,... the digest of SIZE zero
//                                                                    bytes for each SIZE (ascending), one a line:
//                                                                    one stream of zeros, a clone finished at each
//   java -cp /usr/share/java/bcprov.jar vectors/tools/BcVectors.java --stdin   for each line on stdin, NAME LEN MSG
//                                                  or NAME LEN MSG KEY, the digest (or, for a Mac NAME such as
//                                                  HmacSM3, the MAC with the key KEY) of the LEN bytes MSG, one a
//                                                  line; MSG and KEY in hex, MSG 00 when LEN is 0, as in the files
//                                                  (the refs tier's fresh random inputs: one JVM for all of them)
//
// NAME is a BouncyCastle MessageDigest name (MD4, RIPEMD160, SM3, WHIRLPOOL, TIGER, ...). For each NAME in turn it
// prints, in the format of vectors/md2-java.txt (that of NIST CAVP .rsp files: Len in bits, Msg and MD in hex,
// Len = 0 written as Msg = 00), the digests of the messages of Md2Vectors.java: lengths 0..300 and 1000, 4096,
// 65537 bytes, byte i of the message of length len being (i * 167 + 13 * len) & 255.
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.Security;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.bouncycastle.jce.provider.BouncyCastleProvider;

public class BcVectors {
  static final int[] LARGE = {1000, 4096, 65537};
  static final HexFormat HEX = HexFormat.of();

  static byte[] message(int len) {
    byte[] m = new byte[len];
    for (int i = 0; i < len; i++) m[i] = (byte) ((i * 167 + 13 * len) & 255);
    return m;
  }

  static String origin(MessageDigest md) {
    return "Java " + System.getProperty("java.runtime.version") + " (" + System.getProperty("java.vendor")
        + "), provider " + md.getProvider().getName() + " " + md.getProvider().getVersionStr();
  }

  static void vectors(String name, StringBuilder out) throws Exception {
    MessageDigest md = MessageDigest.getInstance(name, "BC");
    out.append("#  ").append(name).append(" known answers from java.security.MessageDigest.getInstance(\"")
        .append(name).append("\", \"BC\")\n");
    out.append("#  ").append(origin(md)).append("\n");
    out.append("#  Made by: java -cp /usr/share/java/bcprov.jar vectors/tools/BcVectors.java ").append(name)
        .append("\n");
    out.append("#  Msg byte i of the message of len bytes = (i * 167 + 13 * len) & 255; Len is in bits\n");
    out.append("#  Lengths 0..300 bytes, then 1000, 4096, 65537\n\n");
    out.append("[L = ").append(md.getDigestLength()).append("]\n\n");
    int[] lengths = new int[301 + LARGE.length];
    for (int n = 0; n <= 300; n++) lengths[n] = n;
    System.arraycopy(LARGE, 0, lengths, 301, LARGE.length);
    for (int len : lengths) {
      byte[] m = message(len);
      out.append("Len = ").append(8L * len).append('\n');
      out.append("Msg = ").append(len == 0 ? "00" : HEX.formatHex(m)).append('\n');
      out.append("MD = ").append(HEX.formatHex(md.digest(m))).append("\n\n");
    }
  }

  static void millionA(String name, StringBuilder out) throws Exception {
    MessageDigest md = MessageDigest.getInstance(name, "BC");
    byte[] a = new byte[1000];
    java.util.Arrays.fill(a, (byte) 'a');
    for (int i = 0; i < 1000; i++) md.update(a);
    out.append(name).append(' ').append(HEX.formatHex(md.digest())).append('\n');
  }

  static void zeros(String name, String sizes, StringBuilder out) throws Exception {
    MessageDigest md = MessageDigest.getInstance(name, "BC");
    byte[] chunk = new byte[1 << 20];
    long done = 0;
    for (String s : sizes.split(",")) {
      long size = Long.parseLong(s);
      if (size < done) throw new IllegalArgumentException("sizes must ascend: " + sizes);
      for (; done < size; done += Math.min(chunk.length, size - done)) {
        md.update(chunk, 0, (int) Math.min(chunk.length, size - done));
      }
      out.append(HEX.formatHex(((MessageDigest) md.clone()).digest())).append('\n');
    }
  }

  static void stdin(StringBuilder out) throws Exception {
    Map<String, MessageDigest> digests = new HashMap<>();
    Map<String, Mac> macs = new HashMap<>();
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII));
    for (String line; (line = in.readLine()) != null; ) {
      String[] f = line.split(" ");
      if (f.length != 3 && f.length != 4) throw new IllegalArgumentException("not NAME LEN MSG [KEY]: " + line);
      int len = Integer.parseInt(f[1]);
      byte[] m = len == 0 && f[2].equals("00") ? new byte[0] : HEX.parseHex(f[2]);
      if (m.length != len) {
        throw new IllegalArgumentException(f[0] + ": LEN " + len + ", MSG of " + m.length + " bytes");
      }
      byte[] d;
      if (f.length == 3) {
        MessageDigest md = digests.get(f[0]);
        if (md == null) digests.put(f[0], md = MessageDigest.getInstance(f[0], "BC"));
        d = md.digest(m);
      } else {
        Mac mac = macs.get(f[0]);
        if (mac == null) macs.put(f[0], mac = Mac.getInstance(f[0], "BC"));
        mac.init(new SecretKeySpec(HEX.parseHex(f[3]), f[0]));
        d = mac.doFinal(m);
      }
      out.append(HEX.formatHex(d)).append('\n');
    }
  }

  public static void main(String[] args) throws Exception {
    Security.addProvider(new BouncyCastleProvider());
    if (args.length == 1 && args[0].equals("--stdin")) {
      StringBuilder out = new StringBuilder();
      stdin(out);
      System.out.print(out);
      return;
    }
    if (args.length == 3 && args[0].equals("--zeros")) {
      StringBuilder out = new StringBuilder();
      zeros(args[1], args[2], out);
      System.out.print(out);
      return;
    }
    boolean million = args.length > 0 && args[0].equals("--million-a");
    int first = million ? 1 : 0;
    if (args.length <= first) {
      throw new IllegalArgumentException("usage: BcVectors [--million-a] NAME... | --zeros NAME SIZES | --stdin");
    }
    StringBuilder out = new StringBuilder();
    for (int k = first; k < args.length; k++) {
      if (million) millionA(args[k], out);
      else vectors(args[k], out);
    }
    System.out.print(out);
  }
}
