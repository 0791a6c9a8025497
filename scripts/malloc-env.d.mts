export declare const SERVER_MALLOC_ENV: Record<string, string>;
