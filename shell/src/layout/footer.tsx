import { PRODUCT_NAME } from './brand';

export function Footer() {
  return (
    <footer className="app-footer">
      <div className="app-footer__inner">
        <p>
          © {new Date().getFullYear()} {PRODUCT_NAME}. Made for the students of our parish district.
        </p>
        <p className="app-footer__tagline">Volunteer. Connect. Share your story.</p>
      </div>
    </footer>
  );
}
