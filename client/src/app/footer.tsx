import { Mail, MapPin, Phone, Store } from 'lucide-react';
import { Link } from 'react-router';
import { FacebookIcon, InstagramIcon, XBrandIcon } from '../components/brand-icons';
import { showNotImplemented } from '../components/not-implemented';
import { paths } from './paths';

const categoryLinks = [
  { id: 'electronics', name: 'Electronics' },
  { id: 'vehicles', name: 'Vehicles' },
  { id: 'real-estate', name: 'Real Estate' },
];

const supportLinks = [
  { label: 'Help Center', to: paths.help },
  { label: 'Safety Tips', to: paths.safety },
  { label: 'Terms of Service', to: paths.terms },
  { label: 'Privacy Policy', to: paths.privacy },
];

const socialLinks = [
  { name: 'Facebook', Icon: FacebookIcon },
  { name: 'X (Twitter)', Icon: XBrandIcon },
  { name: 'Instagram', Icon: InstagramIcon },
];

export function Footer() {
  return (
    <footer className="mt-16 border-t bg-card">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div className="space-y-3">
          <Link to={paths.home} className="flex items-center gap-2 text-lg font-bold">
            <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
              <Store className="size-4" />
            </span>
            Bazaar
          </Link>
          <p className="text-sm text-muted-foreground">
            Buy and sell anything near you. Post an ad in minutes and reach buyers in your area.
          </p>
          <div className="flex gap-2">
            {socialLinks.map(({ name, Icon }) => (
              <button
                key={name}
                type="button"
                aria-label={name}
                onClick={showNotImplemented}
                className="flex size-9 items-center justify-center rounded-full border text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground"
              >
                <Icon className="size-4" />
              </button>
            ))}
          </div>
        </div>

        <nav aria-label="Popular categories">
          <h2 className="mb-3 text-sm font-semibold">Categories</h2>
          <ul className="space-y-2 text-sm text-muted-foreground">
            {categoryLinks.map((category) => (
              <li key={category.id}>
                <Link to={paths.category(category.id)} className="hover:text-foreground">
                  {category.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <nav aria-label="Support">
          <h2 className="mb-3 text-sm font-semibold">Support</h2>
          <ul className="space-y-2 text-sm text-muted-foreground">
            {supportLinks.map((link) => (
              <li key={link.label}>
                <Link to={link.to} className="hover:text-foreground">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className="mb-3 text-sm font-semibold">Contact</h2>
          <ul className="space-y-2 text-sm text-muted-foreground">
            <li className="flex items-center gap-2">
              <Mail className="size-4" /> support@bazaar.example
            </li>
            <li className="flex items-center gap-2">
              <Phone className="size-4" /> +1 (555) 123-4567
            </li>
            <li className="flex items-center gap-2">
              <MapPin className="size-4" /> 123 Market Street, San Francisco, CA
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t py-4 text-center text-xs text-muted-foreground">
        © {new Date().getFullYear()} Bazaar. All rights reserved.
      </div>
    </footer>
  );
}
