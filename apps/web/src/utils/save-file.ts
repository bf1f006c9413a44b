/**
 * Hands a downloaded file to the browser's save flow. Files behind the API's token header are
 * fetched first (a plain link would go without it), so they arrive as a Blob to save here.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download reads the URL after the click returns: let it go only once that is surely done.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
