// Reference digests from Java's own MessageDigest (the SUN provider of the running JDK), an implementation
// independent of digestlab and of OpenSSL (whose default provider has no MD2). Single-file program, no build:
//
//   java vectors/tools/Md2Vectors.java             > vectors/md2-java.txt    MD2 of generated messages
//   java vectors/tools/Md2Vectors.java --seed      > vectors/seed-java.txt   the seed string, six algorithms
//   java vectors/tools/Md2Vectors.java --million-a                           MD2 of 1,000,000 bytes 'a'
//
// md2-java.txt is in the format of NIST CAVP .rsp files (Len in bits, Msg and MD in hex, Len = 0 written as
// Msg = 00). Its messages have lengths 0..300 and 1000, 4096, 65537 bytes; byte i of the message of length
// len is (i * 167 + 13 * len) & 255, so consecutive lengths differ in every byte, not only in the last one.
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;

public class Md2Vectors {
  // The seed's input: 93 ASCII characters (the keyboard walk), as the seed's Java source spells it.
  static final String SEED = "!QAZ@WSX#EDC$RFV%TGB^YHN&UJM*IK<(OL>)P:?_{\"+}|1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik,9ol.0p;/-[\'=]\']";
  static final String[] SEED_ALGORITHMS = {"MD2", "MD5", "SHA-1", "SHA-256", "SHA-384", "SHA-512"};
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

  public static void main(String[] args) throws Exception {
    StringBuilder out = new StringBuilder();
    String mode = args.length > 0 ? args[0] : "";
    if (mode.equals("--seed")) {
      if (SEED.length() != 93) throw new IllegalStateException("seed string is " + SEED.length() + " chars");
      byte[] input = SEED.getBytes(StandardCharsets.UTF_8);
      out.append("# The seed string (93 ASCII characters) hashed by java.security.MessageDigest\n");
      out.append("# ").append(origin(MessageDigest.getInstance("MD2"))).append("\n");
      out.append("# Made by: java vectors/tools/Md2Vectors.java --seed > vectors/seed-java.txt\n");
      for (String alg : SEED_ALGORITHMS) {
        out.append(alg).append(' ').append(HEX.formatHex(MessageDigest.getInstance(alg).digest(input))).append('\n');
      }
    } else if (mode.equals("--million-a")) {
      MessageDigest md = MessageDigest.getInstance("MD2");
      byte[] a = new byte[1000];
      java.util.Arrays.fill(a, (byte) 'a');
      for (int i = 0; i < 1000; i++) md.update(a);
      out.append("MD2 ").append(HEX.formatHex(md.digest())).append('\n');
    } else if (mode.isEmpty()) {
      MessageDigest md = MessageDigest.getInstance("MD2");
      out.append("#  MD2 (RFC 1319) known answers from java.security.MessageDigest.getInstance(\"MD2\")\n");
      out.append("#  ").append(origin(md)).append("\n");
      out.append("#  Made by: java vectors/tools/Md2Vectors.java > vectors/md2-java.txt\n");
      out.append("#  Msg byte i of the message of len bytes = (i * 167 + 13 * len) & 255; Len is in bits\n");
      out.append("#  Lengths 0..300 bytes, then 1000, 4096, 65537\n\n");
      out.append("[L = 16]\n\n");
      int[] lengths = new int[301 + LARGE.length];
      for (int n = 0; n <= 300; n++) lengths[n] = n;
      System.arraycopy(LARGE, 0, lengths, 301, LARGE.length);
      for (int len : lengths) {
        byte[] m = message(len);
        out.append("Len = ").append(8L * len).append('\n');
        out.append("Msg = ").append(len == 0 ? "00" : HEX.formatHex(m)).append('\n');
        out.append("MD = ").append(HEX.formatHex(md.digest(m))).append("\n\n");
      }
    } else {
      throw new IllegalArgumentException("usage: Md2Vectors [--seed | --million-a]");
    }
    System.out.print(out);
  }
}
