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

/**
 * A dollar amount as en-US currency writes it: whole dollars without cents ("$12,500"), others with
 * two ("$12.50"). Without Intl: a currency NumberFormat loads ICU's currency data, about 100 ms of a
 * brand's /dashboard at phone speed (Chromium at 4x CPU slowdown), inside the task that paints it.
 */
export function usdAmount(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  if (Number.isInteger(abs)) return `${sign}$${wholeNumber(abs)}`;
  // Intl rounds the number's shortest decimal form (as String writes it: 0.995, not the binary
  // 0.99499...) half away from zero; toFixed would round the binary value.
  const written = String(abs);
  if (written.includes('e')) return `${sign}$${abs.toFixed(2)}`;
  const [whole = '0', fraction = ''] = written.split('.');
  let dollars = Number(whole);
  let cents = Number(fraction.padEnd(2, '0').slice(0, 2)) + (fraction.charAt(2) >= '5' ? 1 : 0);
  if (cents === 100) {
    dollars += 1;
    cents = 0;
  }
  return `${sign}$${wholeNumber(dollars)}.${String(cents).padStart(2, '0')}`;
}
