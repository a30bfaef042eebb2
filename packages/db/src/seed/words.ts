/** Invented, neutral vocabulary for demo titles and names. */
export const TITLE_ADJECTIVES = [
  'Golden', 'Velvet', 'Midnight', 'Silver', 'Crimson', 'Lazy', 'Summer', 'Winter', 'Secret', 'Faded',
  'Electric', 'Quiet', 'Sunlit', 'Moonlit', 'Forgotten', 'Painted', 'Restless', 'Gentle', 'Wild', 'Tender',
  'Amber', 'Scarlet', 'Blue', 'Hidden', 'Distant', 'Lucky', 'Dreamy', 'Sweet', 'Neon', 'Dusty',
];
export const TITLE_NOUNS = [
  'Afternoon', 'Rendezvous', 'Boulevard', 'Serenade', 'Holiday', 'Romance', 'Cabaret', 'Postcard', 'Diary',
  'Matinee', 'Carousel', 'Lagoon', 'Riviera', 'Waltz', 'Encore', 'Hotel', 'Garden', 'Lighthouse', 'Studio',
  'Weekend', 'Affair', 'Melody', 'Harbor', 'Orchard', 'Ballroom', 'Veranda', 'Terrace', 'Villa', 'Canyon', 'Express',
];
export const TITLE_PATTERNS = [
  '{adj} {noun}', 'The {adj} {noun}', '{noun} in {place}', 'A {adj} {noun} in {place}', '{adj} {noun} ({year})',
  'Return to {place}', '{noun} of {place}', 'Letters from {place}', 'The {noun} Tapes', '{adj} Nights in {place}',
];
export const PLACES = [
  'Paris', 'Rome', 'Vienna', 'Lisbon', 'Havana', 'Monaco', 'Capri', 'Berlin', 'Prague', 'Malibu', 'Marseille',
  'Amsterdam', 'Kyoto', 'Seville', 'Naples', 'Brighton', 'Oslo', 'Cracow', 'Porto', 'Geneva',
];
export const DESCRIPTION_SENTENCES = [
  'A lovingly restored reel from a private collection.',
  'Transferred from the original film stock and colour corrected.',
  'A gentle story told with the charm of its decade.',
  'Shot on location with a small crew and a lot of sunshine.',
  'The soundtrack was recorded live on set.',
  'Digitised frame by frame from a well-kept print.',
  'A classic of its kind, rarely seen since its first release.',
  'Includes the original opening titles.',
  'Part of a series filmed over one long summer.',
  'Remastered in high definition for this archive.',
];
export const FIRST_NAMES = [
  'Clara', 'Mira', 'Elise', 'Nora', 'Ines', 'Greta', 'Lena', 'Vera', 'Ada', 'Rosa', 'Iris', 'Livia', 'Maud',
  'Odile', 'Sylvie', 'Tess', 'Yara', 'Zelda', 'Bianca', 'Carmen', 'Delia', 'Fleur', 'Hedda', 'Ilse', 'Juno',
  'Marco', 'Luc', 'Anton', 'Felix', 'Hugo', 'Jonas', 'Milo', 'Oskar', 'Pavel', 'Remy', 'Theo', 'Viktor',
];
export const LAST_NAMES = [
  'Vane', 'Solane', 'Marlowe', 'Devereux', 'Lindqvist', 'Moreau', 'Castell', 'Brandt', 'Okada', 'Varga',
  'Delacroix', 'Hartley', 'Novak', 'Rossi', 'Sorensen', 'Valente', 'Wilder', 'Albescu', 'Bellamy', 'Corwin',
  'Duval', 'Esposito', 'Fontaine', 'Galloway', 'Holm', 'Ivanova', 'Jansen', 'Kowalska', 'Laurent', 'Mancini',
];
export const MEMBER_WORDS = [
  'film', 'reel', 'retro', 'vintage', 'cinema', 'archive', 'classic', 'velvet', 'noir', 'matinee', 'vhs',
  'super8', 'kodak', 'sepia', 'jukebox', 'vinyl', 'disco', 'cabaret', 'boulevard', 'silver',
];
export const COMMENTS = [
  'Beautiful restoration, thank you for sharing.',
  'The colours in this one are wonderful.',
  'I remember this from a late-night TV slot years ago.',
  'Great music, does anyone know the composer?',
  'One of the best in the archive.',
  'The picture quality is surprisingly good for its age.',
  'Lovely scenery and a charming story.',
  'Please upload the rest of the series!',
  'Added to my favourites straight away.',
  'A real time capsule.',
];
export const COUNTRIES = [
  'us', 'gb', 'de', 'fr', 'it', 'es', 'nl', 'pl', 'ru', 'jp', 'br', 'pt', 'se', 'ca', 'au', 'at', 'ch', 'be', 'cz', 'mx',
];
