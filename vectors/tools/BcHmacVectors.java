// HMAC known answers from BouncyCastle (Debian's libbcprov-java): RFC 4231's keys and messages (its six test cases,
// as vectors/hmac/rfc-4231-sha256.txt holds them) MACed with a BouncyCastle Mac instead of HMAC-SHA-256. The input
// file is copied line by line, each MD replaced by BouncyCastle's MAC. Single-file program, no build:
//
//   java -cp /usr/share/java/bcprov.jar vectors/tools/BcHmacVectors.java HmacSM3 > vectors/hmac/bc-sm3.txt
//   (likewise HmacWhirlpool > bc-whirlpool.txt, HmacTiger > bc-tiger.txt)
//
// Given several names it prints each one's file in turn (the refs tier checks all three in one JVM).
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Security;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.bouncycastle.jce.provider.BouncyCastleProvider;

public class BcHmacVectors {
  public static void main(String[] args) throws Exception {
    if (args.length == 0) throw new IllegalArgumentException("usage: BcHmacVectors MAC-NAME... (HmacSM3, ...)");
    Security.addProvider(new BouncyCastleProvider());
    StringBuilder out = new StringBuilder();
    for (String name : args) vectors(name, out);
    System.out.print(out);
  }

  static void vectors(String name, StringBuilder out) throws Exception {
    HexFormat hex = HexFormat.of();
    Mac mac = Mac.getInstance(name, "BC");
    out.append("# ").append(name).append(" of RFC 4231's keys and messages, from Mac.getInstance(\"").append(name)
        .append("\", \"BC\"), BouncyCastle ").append(mac.getProvider().getVersionStr()).append('\n');
    out.append("# Made by: java -cp /usr/share/java/bcprov.jar vectors/tools/BcHmacVectors.java ").append(name)
        .append('\n');
    byte[] key = null;
    for (String line : Files.readAllLines(Path.of("vectors/hmac/rfc-4231-sha256.txt"))) {
      if (line.startsWith("Key = ")) key = hex.parseHex(line.substring(6));
      if (line.startsWith("MD = ")) continue;
      if (line.startsWith("# Test Cases")) line = "# RFC 4231 test cases 1-4, 6, 7, with " + name;
      out.append(line).append('\n');
      if (line.startsWith("Msg = ")) {
        mac.init(new SecretKeySpec(key, name));
        out.append("MD = ").append(hex.formatHex(mac.doFinal(hex.parseHex(line.substring(6))))).append('\n');
      }
    }
  }
}
