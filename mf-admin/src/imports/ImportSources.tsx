import { useId, useState, type FormEvent } from 'react';
import type { ImportRequest } from '../api/catalogApi.ts';
import { useT } from '../i18n/useT.ts';
import type { MessageKey } from '../i18n/messages.ts';
import ui from '../ui/ui.module.css';
import { ACCEPTED_FILES, fileContentType, urlRequest } from './importRules.ts';
import styles from './ImportPage.module.css';

interface Props {
  busy: boolean;
  start: (request: ImportRequest) => void;
}

/** The two ways to start an import: a file chosen on this computer, or an address the catalogue reads. */
export function ImportSources({ busy, start }: Props) {
  const t = useT();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<MessageKey | null>(null);
  const [url, setUrl] = useState('');
  const [urlError, setUrlError] = useState<MessageKey | null>(null);

  const sendFile = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setFileError('import.error.noFile');
    const checked = fileContentType(file.name, file.size);
    if ('error' in checked) return setFileError(checked.error);
    setFileError(null);
    void file.text().then((text) => start({ kind: 'file', contentType: checked.contentType, text }));
  };
  const sendUrl = (event: FormEvent) => {
    event.preventDefault();
    const request = urlRequest(url);
    if ('error' in request) return setUrlError(request.error);
    setUrlError(null);
    start(request);
  };
  const described = (error: MessageKey | null, base: string) => [`${base}-hint`, error ? `${base}-error` : ''].filter(Boolean).join(' ');

  return (
    <div className={styles.sources}>
      <form onSubmit={sendFile} noValidate>
        <fieldset className={styles.source}>
          <legend>{t('import.fromFile')}</legend>
          <div className={ui.field}>
            <label htmlFor={`${id}-file`}>{t('import.file')}</label>
            <input
              id={`${id}-file`}
              type="file"
              accept={ACCEPTED_FILES}
              aria-invalid={fileError ? true : undefined}
              aria-describedby={described(fileError, `${id}-file`)}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setFileError(null);
              }}
            />
            <span id={`${id}-file-hint`} className={ui.hint}>
              {t('import.fileHint')}
            </span>
            {fileError && (
              <span id={`${id}-file-error`} className={ui.error}>
                {t(fileError)}
              </span>
            )}
          </div>
          <button type="submit" className={ui.button} disabled={busy}>
            {busy ? t('import.starting') : t('import.start')}
          </button>
        </fieldset>
      </form>
      <form onSubmit={sendUrl} noValidate>
        <fieldset className={styles.source}>
          <legend>{t('import.fromUrl')}</legend>
          <div className={ui.field}>
            <label htmlFor={`${id}-url`}>{t('import.url')}</label>
            <input
              id={`${id}-url`}
              type="url"
              value={url}
              maxLength={2000}
              aria-invalid={urlError ? true : undefined}
              aria-describedby={described(urlError, `${id}-url`)}
              onChange={(event) => setUrl(event.target.value)}
            />
            <span id={`${id}-url-hint`} className={ui.hint}>
              {t('import.urlHint')}
            </span>
            {urlError && (
              <span id={`${id}-url-error`} className={ui.error}>
                {t(urlError)}
              </span>
            )}
          </div>
          <button type="submit" className={ui.button} disabled={busy}>
            {busy ? t('import.starting') : t('import.start')}
          </button>
        </fieldset>
      </form>
    </div>
  );
}
