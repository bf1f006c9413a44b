/** Messages of this feature that only the screen uses (ours, not shared). */
export const sponsoredUiMessages = {
  nothingSelected: 'Select at least one domain to sponsor.',
  loadFailed: 'Sponsored headlines could not be loaded.',
} as const;
