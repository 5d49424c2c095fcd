'use client';
// The score histogram of a content item's results page: attempts per tenth of the score, drawn with Recharts (a
// maintained chart library), in the tenant's brand colour. The same numbers are in the chart's label and in a
// table for screen readers.
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import styles from './ScoreHistogram.module.css';

export function ScoreHistogram({ buckets, labels, summary, attemptsLabel }: { buckets: number[]; labels: string[]; summary: string; attemptsLabel: string }) {
  const data = buckets.map((count, i) => ({ bucket: labels[i] ?? String(i), count }));
  return (
    <figure className="score-histogram" data-testid="score-histogram" data-buckets={buckets.join(',')}>
      <div role="img" aria-label={summary} className={styles.chart}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="bucket" tick={{ fontSize: 12 }} interval={0} angle={-30} textAnchor="end" height={50} />
            <YAxis allowDecimals={false} width={36} tick={{ fontSize: 12 }} />
            <Tooltip formatter={(v) => [String(v), attemptsLabel]} />
            <Bar dataKey="count" name={attemptsLabel} fill="var(--color-brand)" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <table className="sr-only">
        <tbody>
          {data.map((d) => (
            <tr key={d.bucket}>
              <th scope="row">{d.bucket}</th>
              <td>{d.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
