// Peers that ship no type declarations. Each adapter casts the module to the small interface it uses.
declare module 'js-md2';
declare module 'spark-md5';
declare module 'sha.js';
declare module 'crypto-js';
declare module 'node-forge';
declare module 'js-sha256/build/sha256.cjs';
