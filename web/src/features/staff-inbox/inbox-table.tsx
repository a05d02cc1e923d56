import { type InboxItemSummary, routes } from '@lc/contract';
import { Anchor, Group, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ScrollRegion } from '../staff/list-parts';
import { formatReceived, InboxKindBadge, InboxStatusBadge, personName } from './inbox-format';

/**
 * The inbox's messages: who wrote, about what, status, when and who looks after it; on a phone all of it sits
 * in the first column. Described by the count under it (`inbox-count`).
 */
export function InboxTable({ items }: { items: InboxItemSummary[] }) {
  return (
    <ScrollRegion label="Inbox messages">
      <Table striped highlightOnHover verticalSpacing="sm" aria-describedby="inbox-count">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">From</Table.Th>
            {/* On a phone everything sits in the first column, so the page never scrolls sideways. */}
            <Table.Th scope="col" visibleFrom="sm">
              Message
            </Table.Th>
            <Table.Th scope="col" visibleFrom="sm">
              Status
            </Table.Th>
            <Table.Th scope="col" visibleFrom="sm">
              Received
            </Table.Th>
            <Table.Th scope="col" visibleFrom="sm">
              Assigned to
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td miw={{ base: 0, sm: 180 }}>
                <Anchor
                  component={Link}
                  to={routes.staffInboxItem(item.id)}
                  fw={item.status === 'New' ? 700 : 600}
                >
                  {item.familyName}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {item.childName ? `For ${item.childName}` : item.email}
                </Text>
                <Stack hiddenFrom="sm" gap={4} mt={6}>
                  <Group gap={6}>
                    <InboxKindBadge kind={item.kind} />
                    <InboxStatusBadge status={item.status} />
                  </Group>
                  <Text size="sm" lineClamp={2}>
                    {item.preview}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatReceived(item.submitted)} ·{' '}
                    {item.assignee ? personName(item.assignee) : 'Nobody assigned yet'}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td miw={240} visibleFrom="sm">
                <InboxKindBadge kind={item.kind} mb={4} />
                <Text size="sm" lineClamp={2}>
                  {item.preview}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm" miw={120}>
                <InboxStatusBadge status={item.status} />
              </Table.Td>
              <Table.Td visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatReceived(item.submitted)}
              </Table.Td>
              <Table.Td visibleFrom="sm">{item.assignee ? personName(item.assignee) : 'Nobody yet'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}
