export type Greeting = 'morning' | 'afternoon' | 'evening';

/** docs/product.md#limits: morning 5:30–11:30, afternoon 11:30–17:30, else evening. */
export function greetingFor(hour: number, minute: number): Greeting {
  const minutes = hour * 60 + minute;
  if (minutes >= 5 * 60 + 30 && minutes < 11 * 60 + 30) return 'morning';
  if (minutes >= 11 * 60 + 30 && minutes < 17 * 60 + 30) return 'afternoon';
  return 'evening';
}
