import { greetingFor, type Greeting } from '@lodestar/contract';

/** The spec's greeting for a moment (morning 5:30–11:30, afternoon 11:30–17:30, else evening). */
export function greetingAt(date: Date = new Date()): Greeting {
  return greetingFor(date.getHours(), date.getMinutes());
}
