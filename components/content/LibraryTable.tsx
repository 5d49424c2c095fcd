// Every installed H5P library with its title (translated where H5P ships one) and versions: on the content types page and the admin's.
import { getLocale, getTranslations } from 'next-intl/server';
import { typeTitle } from '@/lib/h5p';
import type { installedLibraries } from '@/lib/h5p/engine/hub';

export async function LibraryTable({ libraries }: { libraries: Awaited<ReturnType<typeof installedLibraries>> }) {
  const [t, locale] = await Promise.all([getTranslations('content'), getLocale()]);
  if (!libraries.length) return <p className="muted">{t('types.noLibraries')}</p>;
  return (
    <div className="table-scroll" tabIndex={0}>
      <table className="libraries" data-testid="installed-libraries">
        <caption className="sr-only">{t('types.librariesCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('types.library')}</th>
            <th scope="col">{t('types.machineName')}</th>
            <th scope="col">{t('types.versions')}</th>
          </tr>
        </thead>
        <tbody>
          {libraries.map((l) => (
            <tr key={l.machineName} data-testid={`library-${l.machineName}`}>
              <td>
                {typeTitle(l.machineName, locale, l.title)}
                {l.runnable ? <span className="muted"> · {t('types.contentType')}</span> : null}
              </td>
              <td>
                <code>{l.machineName}</code>
              </td>
              <td>{l.versions.join(', ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
