import { useT } from '@district/ui';
import { PRODUCT_NAME } from './brand';

export function Footer() {
  const { t } = useT();
  return (
    <footer className="app-footer">
      <div className="app-footer__inner">
        <p>
          {t('shell.footer.copyright', {
            year: String(new Date().getFullYear()),
            product: PRODUCT_NAME,
          })}
        </p>
        <p className="app-footer__tagline">{t('shell.footer.tagline')}</p>
      </div>
    </footer>
  );
}
