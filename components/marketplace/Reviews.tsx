'use client';
// The marketplace item page's ratings and reviews (issue 28 item 4): the average and count, the caller's own review
// (stars and a short plain-text review; change or remove it) when they have used or cloned the item, everyone's
// reviews newest first with the author's answer (the author answers each once), and reports of the item or of a
// review to the moderators. Texts are shown as text (React escapes them; the service refuses markup anyway).
import { Flag, MessageSquareReply, Star } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { Button, Dialog, Field } from '@/components/ui';
import { useToast } from '@/components/ui/Toaster';
import { callApi } from '@/components/shared/api';
import type { Review, ReviewsPage } from '@/lib/marketplace/reviews';
import styles from './Reviews.module.css';

const REASONS = ['spam', 'inappropriate', 'copyright', 'incorrect', 'other'] as const;

export function Stars({ value, label }: { value: number; label: string }) {
  return (
    <span className={styles.stars} role="img" aria-label={label}>
      {[1, 2, 3, 4, 5].map((i) => (
        <Star key={i} aria-hidden size={16} className={i <= Math.round(value) ? styles.on : styles.off} />
      ))}
    </span>
  );
}

export function Reviews({ contentId, initial }: { contentId: string; initial: ReviewsPage }) {
  const t = useTranslations('marketplace.reviews');
  const format = useFormatter();
  const toast = useToast();
  const base = `/api/marketplace/public-contents/${encodeURIComponent(contentId)}`;
  const [page, setPage] = useState(initial);
  const [rating, setRating] = useState(initial.mine?.rating ?? 0);
  const [body, setBody] = useState(initial.mine?.body ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [answering, setAnswering] = useState<string | null>(null);
  const [answer, setAnswer] = useState('');
  const [reporting, setReporting] = useState<{ reviewId?: string } | null>(null);
  const [reason, setReason] = useState<(typeof REASONS)[number]>('spam');
  const [reportText, setReportText] = useState('');
  const reportButton = useRef<HTMLButtonElement>(null);

  const reload = async () => {
    const r = await callApi<ReviewsPage>('GET', `${base}/reviews`);
    setPage(r.data);
  };
  const more = async () => {
    if (!page.nextCursor) return;
    const r = await callApi<ReviewsPage>('GET', `${base}/reviews?before=${page.nextCursor}`);
    setPage({ ...page, reviews: [...page.reviews, ...r.data.reviews], nextCursor: r.data.nextCursor });
  };

  async function save(e: React.FormEvent) {
    e.preventDefault();
    if (!rating) {
      setError(t('pickStars'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      await callApi<Review>('PUT', `${base}/reviews/mine`, { rating, body });
      await reload();
      toast({ title: t('saved') });
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    try {
      await callApi('DELETE', `${base}/reviews/mine`);
      setRating(0);
      setBody('');
      await reload();
      toast({ title: t('removed') });
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  async function sendAnswer(reviewId: string) {
    try {
      await callApi('POST', `${base}/reviews/${reviewId}/reply`, { body: answer });
      setAnswering(null);
      setAnswer('');
      await reload();
    } catch (err) {
      toast({ title: t('answerFailed'), description: (err as Error).message, tone: 'error' });
    }
  }

  async function sendReport() {
    try {
      await callApi('POST', `${base}/report`, { reason, text: reportText, ...(reporting?.reviewId ? { reviewId: reporting.reviewId } : {}) });
      setReporting(null);
      setReportText('');
      toast({ title: t('reported') });
    } catch (err) {
      toast({ title: t('reportFailed'), description: (err as Error).message, tone: 'error' });
    }
  }

  const { average, count } = page.rating;
  return (
    <div className={styles.reviews} data-testid="reviews">
      <p className={styles.summary} data-testid="rating-summary">
        {average !== null ? (
          <>
            <Stars value={average} label={t('average', { average: format.number(average, { maximumFractionDigits: 1 }) })} />
            <strong>{format.number(average, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}</strong>
            <span className="muted">{t('count', { count })}</span>
          </>
        ) : (
          <span className="muted">{t('none')}</span>
        )}
      </p>

      {page.canReview ? (
        <form onSubmit={save} className={styles.form} data-testid="review-form">
          <fieldset className={styles.starPicker}>
            <legend>{page.mine ? t('yourRating') : t('rate')}</legend>
            {[1, 2, 3, 4, 5].map((i) => (
              <label key={i} className={styles.starOption} title={t('stars', { count: i })}>
                <input type="radio" name="rating" value={i} checked={rating === i} onChange={() => setRating(i)} data-testid={`rate-${i}`} />
                <Star aria-hidden size={22} className={i <= rating ? styles.on : styles.off} />
                <span className="sr-only">{t('stars', { count: i })}</span>
              </label>
            ))}
          </fieldset>
          <Field label={t('text')} htmlFor="review-body" hint={t('textHint')}>
            <textarea id="review-body" data-testid="review-body" rows={3} maxLength={2000} value={body} onChange={(e) => setBody(e.target.value)} />
          </Field>
          {error ? (
            <p className={styles.error} role="alert" data-testid="review-error">
              {error}
            </p>
          ) : null}
          <div className={styles.actions}>
            <Button type="submit" variant="primary" loading={busy} data-testid="review-save">
              {page.mine ? t('update') : t('submit')}
            </Button>
            {page.mine ? (
              <Button type="button" variant="ghost" onClick={() => void remove()} data-testid="review-remove">
                {t('remove')}
              </Button>
            ) : null}
          </div>
        </form>
      ) : !page.isAuthor ? (
        <p className="muted" data-testid="review-how">
          {t('how')}
        </p>
      ) : null}

      {page.reviews.length ? (
        <ul className={styles.list} data-testid="review-list">
          {page.reviews.map((r) => (
            <li key={r.id} className={styles.review} data-testid="review">
              <div className={styles.head}>
                <Stars value={r.rating} label={t('stars', { count: r.rating })} />
                <strong>{r.mine ? t('you') : r.authorName}</strong>
                <time className="muted" dateTime={r.updatedAt}>
                  {format.dateTime(new Date(r.updatedAt), { dateStyle: 'medium' })}
                </time>
                {!r.mine ? (
                  <Button variant="ghost" size="sm" icon={Flag} className={styles.report} onClick={() => setReporting({ reviewId: r.id })} data-testid="report-review">
                    {t('report')}
                  </Button>
                ) : null}
              </div>
              {r.body ? <p className={styles.body}>{r.body}</p> : null}
              {r.reply ? (
                <div className={styles.reply} data-testid="review-reply">
                  <strong>{t('authorAnswer')}</strong>
                  <p className={styles.body}>{r.reply}</p>
                </div>
              ) : page.isAuthor ? (
                answering === r.id ? (
                  <div className={styles.answer}>
                    <Field label={t('answer')} htmlFor={`answer-${r.id}`}>
                      <textarea id={`answer-${r.id}`} rows={2} maxLength={2000} value={answer} onChange={(e) => setAnswer(e.target.value)} data-testid="answer-body" />
                    </Field>
                    <div className={styles.actions}>
                      <Button variant="primary" size="sm" disabled={!answer.trim()} onClick={() => void sendAnswer(r.id)} data-testid="answer-send">
                        {t('answerSend')}
                      </Button>
                      <Button variant="ghost" size="sm" onClick={() => setAnswering(null)}>
                        {t('cancel')}
                      </Button>
                    </div>
                  </div>
                ) : (
                  <Button variant="ghost" size="sm" icon={MessageSquareReply} onClick={() => setAnswering(r.id)} data-testid="answer-open">
                    {t('answer')}
                  </Button>
                )
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {page.nextCursor ? (
        <Button variant="secondary" onClick={() => void more()} data-testid="reviews-more">
          {t('more')}
        </Button>
      ) : null}
      {!page.isAuthor ? (
        <p>
          <Button ref={reportButton} variant="ghost" size="sm" icon={Flag} onClick={() => setReporting({})} data-testid="report-item">
            {t('reportItem')}
          </Button>
        </p>
      ) : null}

      <Dialog
        open={!!reporting}
        onOpenChange={(o) => (o ? null : setReporting(null))}
        title={reporting?.reviewId ? t('reportReviewTitle') : t('reportItemTitle')}
        description={t('reportHint')}
        testId="report-dialog"
        closeLabel={t('cancel')}
        footer={
          <>
            <Button variant="ghost" onClick={() => setReporting(null)}>
              {t('cancel')}
            </Button>
            <Button variant="primary" onClick={() => void sendReport()} data-testid="report-send">
              {t('reportSend')}
            </Button>
          </>
        }
      >
        <Field label={t('reason')} htmlFor="report-reason">
          <select id="report-reason" value={reason} onChange={(e) => setReason(e.target.value as (typeof REASONS)[number])} data-testid="report-reason">
            {REASONS.map((r) => (
              <option key={r} value={r}>
                {t(`reasons.${r}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('details')} htmlFor="report-text">
          <textarea id="report-text" rows={3} maxLength={1000} value={reportText} onChange={(e) => setReportText(e.target.value)} data-testid="report-text" />
        </Field>
      </Dialog>
    </div>
  );
}
