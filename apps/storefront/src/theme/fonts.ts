/**
 * Typefaces bundled by Vite (no font CDN): Cormorant Garamond for display, Inter for text, cut down to the
 * characters the shop shows by build/subset-fonts.ts, which writes fonts/ when Vite starts.
 */
import './fonts/fonts.css';
