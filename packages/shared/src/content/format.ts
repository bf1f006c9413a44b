/** Formatting used inside content strings; deterministic (no locale data), same on server and browser. */
export function contentUsd(amount: number): string {
  return `$${String(Math.round(amount)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
}

export function contentPercent(rate: number): string {
  return `${Math.round(rate * 1000) / 10}%`;
}
