/** When each treatment of a visit starts: the first at `start`, each next one when the previous one's duration ends. */
export function visitStartTimes(start: string, durations: number[]): string[] {
  const [hours = 0, minutes = 0] = start.split(':').map(Number);
  let at = hours * 60 + minutes;
  return durations.map((duration) => {
    const time = `${String(Math.floor(at / 60)).padStart(2, '0')}:${String(at % 60).padStart(2, '0')}`;
    at += duration;
    return time;
  });
}

/** The total of a visit's prices, summed in cents so that it stays exact. */
export function visitTotalPrice(prices: number[]): number {
  return prices.reduce((cents, price) => cents + Math.round(price * 100), 0) / 100;
}
