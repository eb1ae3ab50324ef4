import { Link } from 'react-router-dom';
import { HeartIcon, useT } from '@district/ui';

// A proper name: the same in every language.
export const PRODUCT_NAME = 'District Volunteers';

// The product logo; a link to / wherever it appears (SPEC §2 "Shared header").
export function Brand({ linked = true }: { linked?: boolean }) {
  const { t } = useT();
  const content = (
    <>
      <span className="brand__mark">
        <HeartIcon />
      </span>
      <span className="brand__name">{PRODUCT_NAME}</span>
    </>
  );
  return linked ? (
    <Link to="/" className="brand" aria-label={t('shell.brand.home', { product: PRODUCT_NAME })}>
      {content}
    </Link>
  ) : (
    <span className="brand">{content}</span>
  );
}
