import { searchText } from './search-text.js';

describe(searchText.name, () => {
  it.each([
    ['Café', 'cafe'],
    ['  Reïntegratie   EN  Zorg ', 'reintegratie en zorg'],
    ['programma’s', "programma's"],
    ['ÉÈÊË', 'eeee'],
  ])('should fold %p to %p', (input, expected) => expect(searchText(input)).toBe(expected));
});
