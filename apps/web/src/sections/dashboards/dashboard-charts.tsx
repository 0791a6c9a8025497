import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { LineChart } from '@mui/x-charts/LineChart';
import { SparkLineChart } from '@mui/x-charts/SparkLineChart';

/**
 * The dashboards' charts (MUI X Charts: ~86 KiB gzip against ~154 for ApexCharts, themed by
 * MUI, see docs/benchmarks.md), loaded with the first dashboard that draws one — never on other pages.
 * Time runs left to right in every language, as figures do; the screen around them mirrors.
 */

export function SparkLine({ data, color }: { data: number[]; color: string }) {
  return (
    <Box dir="ltr" aria-hidden="true" sx={{ width: 96, height: 40 }}>
      <SparkLineChart
        data={data}
        height={40}
        width={96}
        color={color}
        curve="linear"
        yAxis={{ min: 0 }}
      />
    </Box>
  );
}

/** Bidi marks (Arabic dates carry them) scramble labels drawn in the chart's left-to-right box. */
const plain = (text: string) => text.replace(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');

type SeriesProps = {
  labels: string[];
  values: number[];
  previous: number[] | null;
  /** A value in full (tooltips). */
  format: (v: number) => string;
  /** A value on the axis, short (3K). */
  tick: (v: number) => string;
  currentLabel: string;
  previousLabel: string;
  /** The chart's accessible name; the figures are also in the table beside it. */
  title: string;
  /** Counts tick on whole numbers. */
  whole?: boolean;
};

export function SeriesChart({
  labels,
  values,
  previous,
  format,
  tick,
  currentLabel,
  previousLabel,
  title,
  whole,
}: SeriesProps) {
  const theme = useTheme();
  const series = [
    {
      data: values,
      label: currentLabel,
      color: theme.palette.primary.main,
      valueFormatter: (v: number | null) => (v === null ? '' : plain(format(v))),
      showMark: values.length <= 31,
      curve: 'linear' as const,
    },
    ...(previous
      ? [
          {
            data: labels.map((_, i) => previous[i] ?? null),
            label: previousLabel,
            color: theme.palette.grey[500],
            valueFormatter: (v: number | null) => (v === null ? '' : plain(format(v))),
            showMark: false,
            curve: 'linear' as const,
          },
        ]
      : []),
  ];
  // The axis is as wide as its longest label (the largest figure, formatted): Arabic's compact
  // words ("ألف") and currency symbols are wider than "12K", and a fixed width cut them.
  const longest = Math.max(
    3,
    ...[...values, ...(previous ?? [])].map((v) => plain(tick(v)).length),
  );
  const axisWidth = Math.min(120, Math.round(16 + longest * 7.5));
  return (
    <Box dir="ltr" role="img" aria-label={title} sx={{ width: '100%', height: 320 }}>
      <LineChart
        height={320}
        series={series}
        xAxis={[{ scaleType: 'point', data: labels.map(plain) }]}
        yAxis={[
          {
            valueFormatter: (v: number) => plain(tick(v)),
            width: axisWidth,
            // The chart reads left to right in every language (its box is dir="ltr"), but MUI X
            // anchors the labels by the theme's direction: in Arabic at their start, which draws
            // them across the axis. They end at the axis, as in every other language.
            tickLabelStyle: { textAnchor: 'end' },
            min: 0,
            tickMinStep: whole ? 1 : undefined,
          },
        ]}
        margin={{ left: 8, right: 16, top: 16, bottom: 8 }}
        grid={{ horizontal: true }}
      />
    </Box>
  );
}
