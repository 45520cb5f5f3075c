/** The way back to the other side: sends one message, in order, respecting back-pressure. */
export interface Peer {
  send(message: object): Promise<void>;
}
