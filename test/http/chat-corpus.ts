/**
 * Fictional companies, each with a founding year and place, so "When was it founded?" matches every document
 * equally well and only the entity carried over from the earlier turn can pick the right one.
 */
const company = (name: string, does: string, year: number, place: string, founder: string) =>
  `# ${name}\n\n${name} ${does}\n\n## History\n\n${name} was founded in ${year} in ${place} by ${founder}.\n`;

export const COMPANIES = {
  'brindlewick.md': company(
    'Brindlewick Instruments',
    'makes precision barometers for weather stations.',
    1923,
    'Leeds',
    'Harriet Oakes',
  ),
  'veltrane.md': company('Veltrane Robotics', 'builds warehouse robots.', 1987, 'Tampere', 'Aino Kallio'),
  'quorvex.md': company('Quorvex Foods', 'makes frozen dumplings.', 2004, 'Porto', 'Rui Almeida'),
  'marrowby.md': company(
    'Marrowby Shipping',
    'runs cargo ferries across the North Sea.',
    1871,
    'Hull',
    'Josiah Marrow',
  ),
  'tessaly.md': company('Tessaly Bio', 'develops enzyme assays for dairy labs.', 2015, 'Utrecht', 'Femke de Vries'),
};

export const BRINDLEWICK_QUESTION = 'What does Brindlewick Instruments make?';
