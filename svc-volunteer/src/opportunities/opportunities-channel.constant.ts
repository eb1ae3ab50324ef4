// PostgreSQL NOTIFY channel raised (at commit) by any change to the schema's opportunities.
export const opportunitiesChannel = (schema: string) => `${schema}_opportunities_changed`;
