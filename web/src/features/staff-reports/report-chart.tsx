/**
 * A report's chart (issue 24, "Reports with charts"; @mantine/charts on Recharts): exactly the report's rows,
 * each series one of its columns. The chart is a picture for sighted readers (`role="img"` with a sentence
 * saying what it shows); the table beside it carries every figure for screen readers and keyboards, so the
 * chart itself takes no focus (Recharts' keyboard layer is off). Money is drawn in dollars.
 */
import { BarChart, CompositeChart, LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { formatCents, type Report, type ReportKind, reportCell } from '@lc/contract';
import { Box, ColorSwatch, Group, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';

type Series = { key: string; color: string; line?: boolean };
type Chart = { type: 'bar' | 'line' | 'composite'; series: Series[]; horizontal?: boolean };

/** Which columns each report draws, and how. */
export const REPORT_CHARTS: Record<ReportKind, Chart> = {
  enrollment: {
    type: 'line',
    series: [
      { key: 'enrolled', color: 'oak.7' },
      { key: 'capacity', color: 'gray.6' },
    ],
  },
  occupancy: {
    type: 'bar',
    series: [
      { key: 'capacity', color: 'gray.5' },
      { key: 'enrolled', color: 'oak.7' },
    ],
  },
  revenue: {
    type: 'composite',
    series: [
      { key: 'charged', color: 'oak.7' },
      { key: 'received', color: 'teal.7' },
      { key: 'refunded', color: 'red.7' },
      { key: 'outstanding', color: 'honey.8', line: true },
    ],
  },
  attendance: { type: 'bar', series: [{ key: 'rate', color: 'oak.7' }] },
  absences: { type: 'bar', horizontal: true, series: [{ key: 'absences', color: 'red.7' }] },
  waitlist: {
    type: 'bar',
    series: [
      { key: 'joined', color: 'gray.6' },
      { key: 'offered', color: 'honey.8' },
      { key: 'accepted', color: 'oak.7' },
      { key: 'lapsed', color: 'red.7' },
    ],
  },
  inquiries: {
    type: 'bar',
    series: [
      { key: 'received', color: 'gray.6' },
      { key: 'replied', color: 'honey.8' },
      { key: 'toured', color: 'teal.7' },
      { key: 'enrolled', color: 'oak.7' },
    ],
  },
};

/** A month on the chart's axis: "Jan 2026" (the table says "January 2026"). */
const shortMonth = (month: string) =>
  new Date(`${month}-15T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The chart's points: the row's name (its first cell) and each drawn column as a number (dollars for cents). */
export function chartData(report: Report): Record<string, string | number | null>[] {
  const first = report.columns[0]!;
  return report.rows.map((row) => {
    const name = row[first.key];
    const point: Record<string, string | number | null> = {
      name: first.format === 'month' ? shortMonth(String(name)) : reportCell(first.format, name),
    };
    for (const s of REPORT_CHARTS[report.kind].series) {
      const column = report.columns.find((c) => c.key === s.key)!;
      const value = row[s.key];
      point[s.key] = typeof value === 'number' ? (column.format === 'cents' ? value / 100 : value) : null;
    }
    return point;
  });
}

/** The report drawn; `label` names it for screen readers (the table below has the figures). */
export function ReportChart({ report, label }: { report: Report; label: string }) {
  const chart = REPORT_CHARTS[report.kind];
  const format = report.columns.find((c) => c.key === chart.series[0]!.key)!.format;
  const series = chart.series.map((s) => ({
    name: s.key,
    label: report.columns.find((c) => c.key === s.key)!.label,
    color: s.color,
    ...(chart.type === 'composite' ? { type: s.line ? ('line' as const) : ('bar' as const) } : {}),
  }));
  const valueFormatter = (value: number) =>
    format === 'cents'
      ? formatCents(Math.round(value * 100))
      : format === 'percent'
        ? `${value}%`
        : String(value);
  const data = chartData(report);
  const common = {
    data,
    dataKey: 'name',
    valueFormatter,
    // The legend is ours, below the chart: Recharts measures its legend once, before the page's font has
    // loaded, and a wider font then pushes it past the chart's edge.
    withLegend: false,
    tickLine: 'y' as const,
    gridAxis: chart.horizontal ? ('x' as const) : ('y' as const),
  };
  const height = chart.horizontal ? Math.max(200, 40 + data.length * 36) : 320;
  // Drawn once its box has a width, and drawn again when the width changes: on a first visit the staff
  // shell's styles may arrive after the chart measured itself, and Recharts kept the wider first width.
  const { ref, width } = useElementSize();
  return (
    // The chart sizes itself to its box; the box may not grow past the page (a legend must wrap, not widen it).
    <Box
      ref={ref}
      role="img"
      aria-label={label}
      data-testid="report-chart"
      miw={0}
      mih={height}
      style={{ overflow: 'hidden' }}
    >
      {width === 0 ? null : chart.type === 'line' ? (
        <LineChart
          key={Math.round(width)}
          {...common}
          h={height}
          series={series}
          lineChartProps={{ accessibilityLayer: false }}
        />
      ) : chart.type === 'composite' ? (
        <CompositeChart
          key={Math.round(width)}
          {...common}
          yAxisProps={{ width: 96 }}
          h={height}
          series={series as never}
          composedChartProps={{ accessibilityLayer: false }}
        />
      ) : (
        <BarChart
          key={Math.round(width)}
          {...common}
          h={height}
          series={series}
          orientation={chart.horizontal ? 'vertical' : 'horizontal'}
          yAxisProps={
            chart.horizontal ? { width: 140 } : format === 'percent' ? { domain: [0, 100] } : undefined
          }
          barChartProps={{ accessibilityLayer: false }}
        />
      )}
      {series.length > 1 ? (
        <Group gap="md" justify="center" mt="xs">
          {series.map((s) => (
            <Group key={s.name} gap={6} wrap="nowrap">
              <ColorSwatch
                color={`var(--mantine-color-${s.color.replace('.', '-')})`}
                size={12}
                withShadow={false}
              />
              <Text size="sm">{s.label}</Text>
            </Group>
          ))}
        </Group>
      ) : null}
    </Box>
  );
}
