/**
 * US-English formatters, each made once per set of options and reused: making an Intl formatter costs
 * far more than using one, and lists format a date or an amount per row. Every screen and mail
 * formats dates, times and amounts through these (issue 12, docs/performance.md).
 */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function madeOnce<T>(made: Map<string, T>, options: object, make: () => T): T {
  // Options without `undefined`s key alike ({ weekday: undefined } is {}).
  const key = JSON.stringify(options);
  let format = made.get(key);
  if (!format) {
    format = make();
    made.set(key, format);
  }
  return format;
}

/** `new Intl.DateTimeFormat('en-US', options)`, made on first use. */
export function dateTimeFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return madeOnce(dateTimeFormats, options, () => new Intl.DateTimeFormat('en-US', options));
}

/** `new Intl.NumberFormat('en-US', options)`, made on first use. */
export function numberFormat(options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return madeOnce(numberFormats, options, () => new Intl.NumberFormat('en-US', options));
}

/**
 * A whole number with US thousands separators ("12,500"), without Intl: the first NumberFormat a page
 * makes loads ICU's number data, 34 ms of /campaigns' start-up at phone speed (Chromium at 4x CPU
 * slowdown) before its first card could show "worth $50".
 */
export function wholeNumber(n: number): string {
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
