// Reference digests from BouncyCastle (Debian's libbcprov-java), an implementation independent of digestlab, of
// OpenSSL and of the JDK. Single-file program, no build; one section per BouncyCastle digest name given:
//
//   java -cp /usr/share/java/bcprov.jar vectors/tools/BcVectors.java NAME... > FILE
//
// (vectors/sm3-bc.txt, whirlpool-bc.txt and tiger-bc.txt are made so, one name each.) The format and the messages
// are md2-java.txt's (tools/Md2Vectors.java): NIST CAVP .rsp (Len in bits, Msg and MD in hex, Len = 0 written as
// Msg = 00), lengths 0..300 and 1000, 4096, 65537 bytes, byte i of the message of length len
// (i * 167 + 13 * len) & 255.
import java.security.MessageDigest;
import java.security.Security;
import java.util.HexFormat;
import org.bouncycastle.jce.provider.BouncyCastleProvider;

public class BcVectors {
  static final int[] LARGE = {1000, 4096, 65537};
  static final HexFormat HEX = HexFormat.of();

  static byte[] message(int len) {
    byte[] m = new byte[len];
    for (int i = 0; i < len; i++) m[i] = (byte) ((i * 167 + 13 * len) & 255);
    return m;
  }

  public static void main(String[] args) throws Exception {
    if (args.length == 0) throw new IllegalArgumentException("usage: BcVectors NAME... (BouncyCastle digest names)");
    Security.addProvider(new BouncyCastleProvider());
    StringBuilder out = new StringBuilder();
    for (String name : args) {
      MessageDigest md = MessageDigest.getInstance(name, "BC");
      out.append("#  ").append(name).append(" known answers from MessageDigest.getInstance(\"").append(name)
          .append("\", \"BC\")\n");
      out.append("#  BouncyCastle ").append(md.getProvider().getVersionStr()).append(" (")
          .append(md.getProvider().getInfo()).append("), Java ").append(System.getProperty("java.runtime.version"))
          .append('\n');
      out.append("#  Made by: java -cp /usr/share/java/bcprov.jar vectors/tools/BcVectors.java ").append(name)
          .append('\n');
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
    System.out.print(out);
  }
}
