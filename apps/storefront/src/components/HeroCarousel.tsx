import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { HERO_INTERVAL_MS, wrapIndex } from '../lib/rotation';
import { ChevronLeft, ChevronRight } from './Icons';
import './HeroCarousel.css';
import { picture } from '../lib/artwork';

export interface HeroSlide {
  id: number;
  url: string;
  alt: string;
  title: string;
  subtitle: string;
  cta: { label: string; to: string };
  /** The artwork's ground: light slides take ink type, dark slides white type. */
  tone: 'light' | 'dark';
  /** Where the piece sits in the artwork, kept in view when the slide is cropped (CSS object-position). */
  focus: string;
}

export const HERO_SLIDES: HeroSlide[] = [
  {
    id: 1,
    url: '/images/hero/slide-1.svg',
    alt: 'A round brilliant diamond held in six platinum claws',
    title: 'The Art of Brilliance',
    subtitle: 'Diamonds chosen one by one and set by hand in our New York atelier since 1985.',
    cta: { label: 'Discover the Collection', to: '/catalogue' },
    tone: 'light',
    focus: '72% 50%',
  },
  {
    id: 2,
    url: '/images/hero/slide-2.svg',
    alt: 'A diamond rivière necklace against a deep burgundy drape',
    title: 'Light, Worn Close',
    subtitle: 'Rivières and pendants that follow the line of the collarbone.',
    cta: { label: 'Shop Necklaces', to: '/jewelry/necklaces' },
    tone: 'dark',
    focus: '72% 50%',
  },
  {
    id: 3,
    url: '/images/hero/slide-3.svg',
    alt: 'A black diamond signet ring, a platinum band and a gold rope chain on slate',
    title: 'For Him, Made to Last',
    subtitle: 'Bands, signets and links with weight, line and purpose.',
    cta: { label: "Explore Men's Jewelry", to: '/jewelry#mens-jewelry' },
    tone: 'dark',
    focus: '80% 50%',
  },
  {
    id: 4,
    url: '/images/hero/slide-4.svg',
    alt: 'A jeweller’s pencil sketch of a diamond ring beside a sapphire',
    title: 'Yours Alone',
    subtitle: 'Bring us a sketch, a stone or a story. Our craftsmen will make it real.',
    cta: { label: 'Begin a Custom Design', to: '/custom-design' },
    tone: 'light',
    focus: '68% 50%',
  },
  {
    id: 5,
    url: '/images/hero/slide-5.svg',
    alt: 'A halo engagement ring and a diamond eternity band resting on sand-coloured silk',
    title: 'The Bridal Edit',
    subtitle: 'Engagement rings and wedding bands, for the promise and every day after it.',
    cta: { label: 'Shop Rings', to: '/jewelry/rings' },
    tone: 'light',
    focus: '76% 50%',
  },
];

/** Five slides, advancing every 5 s and wrapping; arrows, dots, and a pause for those who want stillness. */
export function HeroCarousel({ slides = HERO_SLIDES }: { slides?: HeroSlide[] }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  // The other slides' pictures load once the page has started (after hydration), so they do not compete
  // with the first slide, the page's largest paint. The server and the first client render leave them out alike.
  const [warm, setWarm] = useState(false);
  useEffect(() => setWarm(true), []);
  const go = useCallback((i: number) => setIndex(wrapIndex(i, slides.length)), [slides.length]);

  useEffect(() => {
    if (paused || hovered) return;
    const t = setTimeout(() => setIndex((i) => wrapIndex(i + 1, slides.length)), HERO_INTERVAL_MS);
    return () => clearTimeout(t);
  }, [index, paused, hovered, slides.length]);

  return (
    <section
      className={`hero hero--${slides[index]?.tone ?? 'light'}`}
      aria-roledescription="carousel"
      aria-label="Featured collections"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <div className="hero__track" aria-live={paused ? 'polite' : 'off'}>
        {slides.map((s, i) => (
          <div
            key={s.id}
            className={`hero__slide hero__slide--${s.tone}${i === index ? ' is-active' : ''}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${slides.length}`}
            aria-hidden={i !== index}
          >
            {i === 0 || warm ? (
              <img
                className="hero__image"
                src={picture(s.url)}
                alt={s.alt}
                width={1920}
                height={1080}
                style={{ objectPosition: s.focus }}
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'auto'}
                decoding={i === 0 ? 'sync' : 'async'}
              />
            ) : null}
            <div className="hero__shade" />
            <div className="hero__content container">
              <p className="eyebrow hero__eyebrow">Facet · Est. 1985</p>
              {i === 0 ? <h1 className="hero__title">{s.title}</h1> : <h2 className="hero__title">{s.title}</h2>}
              <p className="hero__subtitle">{s.subtitle}</p>
              <Link
                to={s.cta.to}
                className={`btn ${s.tone === 'dark' ? 'btn--light' : 'btn--primary'} hero__cta`}
                tabIndex={i === index ? 0 : -1}
              >
                {s.cta.label}
              </Link>
            </div>
          </div>
        ))}
      </div>
      <div className="hero__controls container">
        <div className="hero__dots" role="group" aria-label="Choose a slide">
          {slides.map((s, i) => (
            <button
              key={s.id}
              type="button"
              className={`hero__dot${i === index ? ' is-active' : ''}`}
              aria-label={`Show slide ${i + 1}: ${s.title}`}
              aria-current={i === index}
              onClick={() => go(i)}
            />
          ))}
        </div>
        <div className="hero__arrows">
          <button
            type="button"
            className="hero__pause"
            onClick={() => setPaused((p) => !p)}
            aria-label={paused ? 'Play slideshow' : 'Pause slideshow'}
          >
            {paused ? 'Play' : 'Pause'}
          </button>
          <button type="button" className="hero__arrow" aria-label="Previous slide" onClick={() => go(index - 1)}>
            <ChevronLeft size={20} />
          </button>
          <button type="button" className="hero__arrow" aria-label="Next slide" onClick={() => go(index + 1)}>
            <ChevronRight size={20} />
          </button>
        </div>
      </div>
    </section>
  );
}
