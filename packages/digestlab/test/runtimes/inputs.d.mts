export declare const SIZES: number[];
export declare const HMAC_KEYS: Uint8Array[];
export declare function bytesOf(n: number): Uint8Array;
export declare function batch(): (Uint8Array | string)[];
