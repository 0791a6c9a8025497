/** Run-time configuration read once from the build environment. */
export const CONFIG = {
  appName: 'Back office',
  apiUrl: import.meta.env.VITE_API_URL ?? '',
  /** Coming-soon countdown target; without a configured date it runs to 30 days after the build. */
  launchDate: import.meta.env.VITE_LAUNCH_DATE ?? '',
} as const;
