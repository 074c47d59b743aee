/** Types of gen-names.mjs, for the test that imports it. */
export interface Named {
  name: string;
  aliases: readonly string[];
  nodeName: string;
  hmac: boolean;
  family: string;
}
export declare function nameLists(algorithms: readonly Named[]): {
  canonical: string[];
  aliases: string[];
  hmac: string[];
  families: string[];
};
export declare function namesFile(algorithms: readonly Named[]): string;
