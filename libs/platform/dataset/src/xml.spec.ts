import { child, childrenOf, multilingual, parseXml, textAt } from './xml.js';

describe(parseXml.name, () => {
  it('should read elements and attributes by local name, text decoded', () => {
    const root = parseXml(
      '<?xml version="1.0"?><!-- c --><ns3:payload xmlns:ns3="x" xsi:type="ns2:Status">' +
        '<ns2:a id="1">x &amp; y &#65;</ns2:a><b/><c><![CDATA[<raw>]]></c>' +
        '<n><values><value lang="en">E</value><value lang="nl">N</value></values></n></ns3:payload>',
    );
    expect(root.name).toBe('payload');
    expect(root.attrs['type']).toBe('Status');
    expect(child(root, 'a')?.attrs['id']).toBe('1');
    expect(textAt(root, 'a')).toBe('x & y A');
    expect(textAt(root, 'c')).toBe('<raw>');
    expect(childrenOf(root, 'b')).toHaveLength(1);
    expect(multilingual(child(root, 'n'))).toBe('N');
  });

  it.each([
    ['a tag closed by another name', '<a><b></a></b>', /closes/],
    ['an element never closed (truncated file)', '<a><b>text', /never closed/],
    ['a file cut inside a tag', '<a><b attr="', /ends inside a tag/],
    ['a DTD', '<!DOCTYPE a [<!ENTITY x "y">]><a/>', /DTD/],
    ['text outside the root', 'junk<a/>', /outside the root/],
    ['two roots', '<a/><b/>', /second root/],
    ['nothing', '', /no root/],
    ['an unknown entity', '<a>&nbsp;</a>', /unknown entity/],
  ])('should refuse %s', (_what, xml, message) => {
    expect(() => parseXml(xml)).toThrow(message);
  });
});
