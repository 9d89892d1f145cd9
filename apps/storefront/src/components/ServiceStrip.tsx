import { ReturnIcon, ShieldIcon, SparkIcon, TruckIcon } from './Icons';

/** The house's promises (spec section 9): lifetime warranty, free shipping over $500, 30-day returns. */
export const PROMISES = [
  { icon: ShieldIcon, title: 'Lifetime Warranty', text: 'Every setting, every stone, for life.' },
  { icon: TruckIcon, title: 'Free Shipping on orders over $500', text: 'Insured, signed-for delivery.' },
  { icon: ReturnIcon, title: '30-Day Returns', text: 'On all non-custom pieces.' },
  { icon: SparkIcon, title: 'Private Consultation', text: 'A specialist replies within 24-48 hours.' },
] as const;

export function ServiceStrip() {
  return (
    <ul className="service-strip container">
      {PROMISES.map(({ icon: Icon, title, text }) => (
        <li key={title}>
          <Icon size={26} />
          <span className="service-strip__title">{title}</span>
          <span className="service-strip__text">{text}</span>
        </li>
      ))}
    </ul>
  );
}
