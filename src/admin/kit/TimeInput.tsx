import { TimeInput as RaTimeInput, type TimeInputProps } from 'react-admin';

/**
 * A time of day kept as the `HH:mm:ss` text the server stores (react-admin's own TimeInput would send a Date of
 * today, shifted to UTC on the wire): what the user picks is what is stored, in any time zone.
 */
export const WallTimeInput = (props: TimeInputProps) => (
  <RaTimeInput
    format={(v: unknown) => (typeof v === 'string' ? v.slice(0, 5) : '')}
    parse={(v: string) => (v ? `${v.slice(0, 5)}:00` : null)}
    {...props}
  />
);
