// The Bloom's distribution of a collection as bars, each with a marker at the spec's target share.
const LEVELS = ['remember', 'understand', 'apply', 'analyze', 'evaluate', 'create'] as const;
type Dist = Record<(typeof LEVELS)[number], number>;

export interface BloomsAnalysisView {
  distribution: Dist;
  target: Dist;
  deviation: Dist;
  gaps: string[];
  score: number;
}

export function BloomsChart({ analysis }: { analysis: BloomsAnalysisView }) {
  return (
    <div data-testid="blooms-chart">
      <p>
        Coverage score: <strong data-testid="blooms-score">{analysis.score}</strong> / 100
        {analysis.gaps.length ? <span className="muted"> · gaps: {analysis.gaps.join(', ')}</span> : null}
      </p>
      <div className="blooms" role="img" aria-label="Bloom's distribution against the target">
        {LEVELS.map((l) => (
          <div className="blooms-row" key={l} data-testid={`blooms-${l}`}>
            <span style={{ textTransform: 'capitalize' }}>{l}</span>
            <div className="blooms-track" title={`${analysis.distribution[l]}% (target ${analysis.target[l]}%)`}>
              <span className="actual" style={{ width: `${Math.min(100, analysis.distribution[l])}%` }} />
              <span className="target" style={{ left: `${analysis.target[l]}%` }} />
            </div>
            <span className="muted">
              {analysis.distribution[l]}% ({analysis.deviation[l] > 0 ? '+' : ''}
              {analysis.deviation[l]})
            </span>
          </div>
        ))}
      </div>
      <p className="muted">Bars: share of items per level; black marks: target distribution.</p>
    </div>
  );
}
