/**
 * The dialog edits local dates; the server stores instants. All-day events follow FullCalendar:
 * the end is exclusive (midnight after the last day), while the dialog shows the last day itself.
 */
const pad = (n: number) => String(n).padStart(2, '0');

function localDate(d: Date) {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function toInput(date: Date, allDay: boolean, isEnd: boolean): string {
  if (allDay) {
    const day = new Date(date);
    // Exclusive end → the last day shown; an end equal to midnight of the start day stays.
    if (isEnd) day.setDate(day.getDate() - 1);
    return localDate(day);
  }
  return `${localDate(date)}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function fromInput(value: string, allDay: boolean, isEnd: boolean): string {
  if (allDay) {
    const [y, m, d] = value.slice(0, 10).split('-').map(Number);
    const day = new Date(y!, (m ?? 1) - 1, d ?? 1);
    if (isEnd) day.setDate(day.getDate() + 1);
    return day.toISOString();
  }
  return new Date(value).toISOString();
}
