export declare function precompress(dir: string): { files: number; raw: number; br: number; gzip: number };
