/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base address of the API; empty means same origin (the server also serves this app). */
  readonly VITE_API_URL?: string;
  /** ISO date the coming-soon countdown runs to. */
  readonly VITE_LAUNCH_DATE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
