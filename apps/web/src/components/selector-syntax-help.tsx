import { Accordion, Code, List, Table, Text, UnstyledButton } from '@mantine/core';

/** The four kinds of topic selector (DATA-PLANE "Topic selectors"), each with an example one can try. */
const KINDS = [
  {
    kind: 'Path',
    syntax: '>a/b',
    meaning: 'Exactly that topic (a bare a/b too).',
    example: '>sensors/room1/temperature',
  },
  {
    kind: 'Split-path pattern',
    syntax: '?a/.*/c',
    meaning:
      'One regular expression per part, matched against the part at the same depth; the number of parts must match.',
    example: '?sensors/room[0-9]+/temperature',
  },
  {
    kind: 'Full-path pattern',
    syntax: '*regex',
    meaning: 'One regular expression against the whole path.',
    example: '*.*temp.*',
  },
  {
    kind: 'Selector set',
    syntax: '#s1////s2',
    meaning: 'Every topic any of the selectors matches; separate them with four slashes.',
    example: '#>sensors/room1////>alerts/fire',
  },
] as const;

function Example({ selector, onUse }: { selector: string; onUse: (selector: string) => void }) {
  return (
    <UnstyledButton
      onClick={() => onUse(selector)}
      aria-label={`Try the selector ${selector}`}
      style={{ textAlign: 'left' }}
    >
      <Code style={{ overflowWrap: 'anywhere', cursor: 'pointer' }}>{selector}</Code>
    </UnstyledButton>
  );
}

/** A short explanation of the selector syntax; clicking an example puts it in the playground. */
export function SelectorSyntaxHelp({ onUse }: { onUse: (selector: string) => void }) {
  return (
    <Accordion variant="contained" chevronPosition="right">
      <Accordion.Item value="syntax">
        <Accordion.Control>Selector syntax</Accordion.Control>
        <Accordion.Panel>
          <Text size="sm" mb="xs">
            The first character picks the kind of selector:
          </Text>
          <Table.ScrollContainer
            minWidth={300}
            // Sideways on a phone with no control inside: the keyboard reaches it itself (axe
            // scrollable-region-focusable).
            scrollAreaProps={{
              viewportProps: {
                tabIndex: 0,
                role: 'region',
                'aria-label': 'Selector kinds, scrollable',
              },
            }}
          >
            <Table fz="sm" verticalSpacing={4} withRowBorders>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Kind</Table.Th>
                  <Table.Th>Meaning</Table.Th>
                  <Table.Th>Example</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {KINDS.map(({ kind, syntax, meaning, example }) => (
                  <Table.Tr key={kind}>
                    <Table.Td>
                      {kind} <Code>{syntax}</Code>
                    </Table.Td>
                    <Table.Td>{meaning}</Table.Td>
                    <Table.Td>
                      <Example selector={example} onUse={onUse} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <List size="sm" mt="xs" spacing={4}>
            <List.Item>
              A trailing <Code>/</Code> selects only what lies below the match:{' '}
              <Example selector=">sensors/" onUse={onUse} /> is every topic under sensors.
            </List.Item>
            <List.Item>
              A trailing <Code>//</Code> selects the match and what lies below it:{' '}
              <Example selector=">sensors//" onUse={onUse} />.
            </List.Item>
            <List.Item>
              Paths are case-sensitive; patterns are regular expressions without look-around or
              back-references (the service matches them in linear time).
            </List.Item>
          </List>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
