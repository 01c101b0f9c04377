import { inNetherlands } from './nl-outline.js';

describe(inNetherlands.name, () => {
  it.each([
    ['Europalaan 93, Utrecht', 52.06415055, 5.10696041],
    ['Dam, Amsterdam', 52.3731, 4.8926],
    ['Vrijthof, Maastricht', 50.8489, 5.6889],
    ['Vaalserberg (three-country point)', 50.7548, 6.0207],
    ['Cadzand-Bad', 51.3727, 3.3833],
    ['Den Helder, Kijkduin beach', 52.9536, 4.7284],
    ['Den Burg, Texel', 53.0544, 4.7975],
    ['West-Terschelling', 53.3597, 5.2164],
    ['Schiermonnikoog village', 53.4807, 6.1622],
    ['Eemshaven', 53.4432, 6.8355],
    ['Lelystad', 52.5185, 5.4714],
    ['Scheveningen boulevard', 52.1096, 4.2753],
  ])('should take %s as in the Netherlands', (_place, lat, lon) => {
    expect(inNetherlands(lat, lon)).toBe(true);
  });

  it.each([
    ['Antwerp', 51.2194, 4.4025],
    ['Brussels', 50.8503, 4.3517],
    ['Aachen', 50.7753, 6.0839],
    ['Emmerich am Rhein', 51.8386, 6.2458],
    ['Münster', 51.9607, 7.6261],
    ['London', 51.5072, -0.1276],
    ['North Sea, 60 km off IJmuiden', 52.5, 3.7],
    ['lat and lon swapped', 5.1069, 52.0641],
    ['Null Island', 0, 0],
    ['not a number', Number.NaN, 5],
  ])('should refuse %s', (_place, lat, lon) => {
    expect(inNetherlands(lat, lon)).toBe(false);
  });
});
