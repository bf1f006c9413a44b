/** Messages of this feature that the spec does not quote (ours, not shared). */
export const sponsoredUiMessages = {
  nothingSelected: 'Select at least one domain to sponsor.',
  loadFailed: 'Sponsored headlines could not be loaded.',
} as const;
