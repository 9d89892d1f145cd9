import { Link } from 'react-router-dom';
import { DiamondIcon, ShieldIcon, SparkIcon } from '../components/Icons';
import { SHOP, YEARS_OF_CRAFT } from '../config';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import './AboutPage.css';
import { picture } from '../lib/artwork';

const STATS = [
  { value: YEARS_OF_CRAFT, label: 'Years of craft' },
  { value: '50,000+', label: 'Happy customers' },
  { value: '25+', label: 'Master craftsmen' },
  { value: '100%', label: 'Satisfaction' },
];

const VALUES = [
  {
    icon: DiamondIcon,
    title: 'Uncompromising quality',
    text: 'Every stone is graded by our own gemologists and every setting is finished by hand, under the loupe.',
  },
  {
    icon: ShieldIcon,
    title: 'Responsible sourcing',
    text: 'Conflict-free diamonds and recycled precious metals, with the paperwork to prove where each came from.',
  },
  {
    icon: SparkIcon,
    title: 'A piece for a lifetime',
    text: 'Lifetime warranty, complimentary cleaning and resizing: we look after what we make, for as long as you wear it.',
  },
];

const FOUR_CS = [
  { title: 'Cut', text: 'The proportions that decide how a diamond returns light. We favour Excellent and Ideal cuts only.' },
  { title: 'Colour', text: 'From the icy white of D to the warmth of near-colourless grades, matched to the metal that holds it.' },
  { title: 'Clarity', text: 'Every stone is inspected under 10x magnification; we choose those that are eye-clean, always.' },
  { title: 'Carat', text: 'Weight matters less than presence. We help you find the size that suits the hand and the design.' },
];

export default function AboutPage() {
  useDocumentTitle('About');
  return (
    <>
      <section className="about-hero">
        <div className="container about-hero__inner">
          <div className="about-hero__text">
            <p className="eyebrow">Established {SHOP.established}</p>
            <h1 className="display-1">A family of jewellers on Fifth Avenue</h1>
            <p className="lede">
              Facet began as a single bench and a loupe in a small New York workshop. Nearly four decades later the bench has grown into an
              atelier, but the loupe, and the patience, are the same.
            </p>
          </div>
          <div className="about-hero__media">
            <img
              src={picture('/images/about/atelier.svg')}
              alt="The Facet atelier on Fifth Avenue"
              width={1200}
              height={800}
              fetchPriority="high"
            />
          </div>
        </div>
      </section>

      <section className="stats" aria-label="Facet in numbers">
        <ul className="container stats__list">
          {STATS.map((s) => (
            <li key={s.label}>
              <span className="stats__value">{s.value}</span>
              <span className="stats__label">{s.label}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className="section">
        <div className="container about-story">
          <div className="about-story__media">
            <img
              src={picture('/images/about/craftsman.svg')}
              alt="A craftsman setting a diamond by hand"
              width={1200}
              height={800}
              loading="lazy"
            />
          </div>
          <div className="about-story__text">
            <p className="eyebrow">Our Story</p>
            <h2 className="display-2">Made slowly, by hand, to be kept forever</h2>
            <p className="lede">
              In {SHOP.established} our founder opened a workshop with one promise: to make jewelry that would outlast its first owner. We
              still design, set and polish every piece in New York, and we still know the name of the craftsman behind each one.
            </p>
            <p className="lede">
              Today twenty-five master craftsmen work alongside our gemologists and designers, making engagement rings, heirlooms and pieces
              commissioned from a sketch on a napkin.
            </p>
          </div>
        </div>
      </section>

      <section className="section section--sand" aria-labelledby="values-title">
        <div className="container">
          <div className="section-head">
            <p className="eyebrow">What we hold to</p>
            <h2 id="values-title" className="display-2">
              Our Values
            </h2>
          </div>
          <ul className="values">
            {VALUES.map(({ icon: Icon, title, text }) => (
              <li key={title}>
                <Icon size={30} />
                <h3>{title}</h3>
                <p>{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="expertise-title">
        <div className="container">
          <div className="section-head">
            <p className="eyebrow">Diamond Expertise</p>
            <h2 id="expertise-title" className="display-2">
              The Four Cs, and a fifth: character
            </h2>
            <p className="lede">Grading reports tell you what a diamond is. Our gemologists tell you how it will look on you.</p>
          </div>
          <ol className="four-cs">
            {FOUR_CS.map((c, i) => (
              <li key={c.title}>
                <span className="four-cs__n">0{i + 1}</span>
                <h3>{c.title}</h3>
                <p>{c.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="about-cta container">
        <h2 className="display-3">Visit the atelier, or begin a design of your own.</h2>
        <div className="about-cta__actions">
          <Link to="/contact" className="btn btn--primary">
            Contact Us
          </Link>
          <Link to="/custom-design" className="btn btn--outline">
            Custom Design
          </Link>
        </div>
      </section>
    </>
  );
}
