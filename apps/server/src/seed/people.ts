/** Demo shoppers: names, and the delivery address each one uses. Emails are on example.com. */
export interface DemoPerson {
  name: string;
  address: string;
}

export const DEMO_SHOPPERS: readonly DemoPerson[] = [
  { name: 'Aiko Tanaka', address: '14 Willow Lane, Portland, OR 97205, USA' },
  { name: 'Marcus Reed', address: '882 Harbor View Rd, San Diego, CA 92101, USA' },
  { name: 'Sofia Alvarez', address: 'Calle de Alcalá 120, 28009 Madrid, Spain' },
  { name: 'Kenji Watanabe', address: '3-5-1 Nishi-Shinjuku, Shinjuku, Tokyo 160-0023, Japan' },
  { name: 'Priya Natarajan', address: '47 Residency Road, Bengaluru 560025, India' },
  { name: 'Liam O’Connor', address: '9 Merrion Square, Dublin D02 VR66, Ireland' },
  { name: 'Yuki Sato', address: '2-11-3 Kita-ku, Sapporo, Hokkaido 060-0808, Japan' },
  { name: 'Emma Fischer', address: 'Kastanienallee 31, 10435 Berlin, Germany' },
  { name: 'Diego Morales', address: 'Av. Insurgentes Sur 1602, 03940 Mexico City, Mexico' },
  { name: 'Hana Kobayashi', address: '1-8-4 Namba, Chuo-ku, Osaka 542-0076, Japan' },
  { name: 'Noah Bennett', address: '310 Elm Street, Austin, TX 78701, USA' },
  { name: 'Chloé Dubois', address: '18 Rue Oberkampf, 75011 Paris, France' },
  { name: 'Ravi Menon', address: '22 Marine Drive, Kochi, Kerala 682031, India' },
  { name: 'Mei Lin', address: '88 Queen Street West, Toronto, ON M5H 2M9, Canada' },
  { name: 'Lucas Silva', address: 'Rua Augusta 1508, São Paulo, SP 01304-001, Brazil' },
  { name: 'Sakura Ito', address: '5-2 Gion-machi, Higashiyama, Kyoto 605-0001, Japan' },
  { name: 'Owen Walsh', address: '61 Ferry Road, Edinburgh EH6 4AD, United Kingdom' },
  { name: 'Amara Okafor', address: '7 Admiralty Way, Lekki, Lagos 106104, Nigeria' },
  { name: 'Jonas Berg', address: 'Drottninggatan 55, 111 21 Stockholm, Sweden' },
  { name: 'Rin Nakamura', address: '4-1 Tenjin, Chuo-ku, Fukuoka 810-0001, Japan' },
];

/** ASCII, lower-case handle from a name: "Chloé Dubois" → "chloe.dubois". */
export function handleOf(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z ]/g, '')
    .trim()
    .replace(/\s+/g, '.');
}
