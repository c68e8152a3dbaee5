/**
 * The server's messages about newsletter campaigns (their API, the messages' footer and the
 * unsubscribe page), in its own words; campaigns.fr.ts says them in French.
 */
export const en = {
  api: {
    notFound: 'Campaign {{id}} not found.',
    emailBlocks: 'A campaign is written with email blocks only; "{{type}}" is not one of them.',
    started:
      'Campaign {{id}} has started sending: only a draft or scheduled campaign can be changed or deleted.',
    notCancellable: 'Campaign {{id}} is neither scheduled nor sending: there is nothing to cancel.',
    empty: 'A campaign needs a body before it is sent.',
    time: 'Expected an ISO 8601 time.',
    testUser: 'A test is sent to your own address: sign in as a user.',
    testSelf: 'A test is sent to your own address only.',
  },
  mail: {
    why: 'You receive this newsletter from {{site}}.',
    unsubscribe: 'Unsubscribe',
    manage: 'Manage your subscription',
  },
  page: {
    ask: 'Do you want to stop receiving this newsletter?',
    done: 'You are unsubscribed: this newsletter will not be sent to you any more.',
  },
};
