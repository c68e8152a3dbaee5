import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

const UNITS = [
  ['byte', 1],
  ['kilobyte', 1024],
  ['megabyte', 1024 ** 2],
  ['gigabyte', 1024 ** 3],
] as const;

/** Sizes in the interface's language ("1.2 MB", "1,2 Mo"), in the binary steps the server's limits use. */
export function useByteFormat(): (bytes: number) => string {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const formats = UNITS.map(
      ([unit, step]) =>
        [
          step,
          new Intl.NumberFormat(i18n.language, {
            style: 'unit',
            unit,
            unitDisplay: step === 1 ? 'narrow' : 'short',
            maximumFractionDigits: step === 1 ? 0 : 1,
          }),
        ] as const,
    );
    return (bytes: number) => {
      let [step, format] = formats[0] as (typeof formats)[number];
      for (const [size, each] of formats) if (bytes >= size) [step, format] = [size, each];
      return format.format(bytes / step);
    };
  }, [i18n.language]);
}
