export declare const SERVER_MALLOC_ENV: Record<string, string>;
export declare const SERVER_NODE_ARGS: string[];
