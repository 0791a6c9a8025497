/** Whether the keyboard's command key is ⌘ (Apple platforms) rather than Ctrl. */
export const isMac = (): boolean =>
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
