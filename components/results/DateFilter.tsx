// The date range of a results page: a plain GET form (works without script), dates as yyyy-mm-dd.
import { getTranslations } from 'next-intl/server';
import { Button } from '@/components/ui';

export async function DateFilter({ action, from, to, keep = {} }: { action: string; from?: string; to?: string; keep?: Record<string, string> }) {
  const t = await getTranslations('results.content');
  return (
    <form method="get" action={action} className="results-filter" data-testid="results-filter">
      <fieldset>
        <legend>{t('filter')}</legend>
        <label>
          {t('from')} <input type="date" name="from" defaultValue={from} data-testid="results-from" />
        </label>{' '}
        <label>
          {t('to')} <input type="date" name="to" defaultValue={to} data-testid="results-to" />
        </label>{' '}
        {Object.entries(keep).map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <Button type="submit" variant="primary" size="sm">
          {t('apply')}
        </Button> {from || to ? <a href={action}>{t('clear')}</a> : null}
      </fieldset>
    </form>
  );
}
