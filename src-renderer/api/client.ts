/** The typed client: `call(name, payload)` resolves with the response or throws an `ApiError`. */
import { createContext, useContext } from 'react';
import type { CallName, CallRequest, CallResponse } from '../../shared/contract';
import { ApiError } from './errors';
import type { Transport, TransportSignal } from './transport';

/** Calls whose payload may be left out take an optional one; the rest require it. */
export type PayloadArgs<N extends CallName> = undefined extends CallRequest<N>
  ? [payload?: CallRequest<N>]
  : [payload: CallRequest<N>];

export interface ApiClient {
  readonly transport: Transport['kind'];
  call<N extends CallName>(name: N, ...payload: PayloadArgs<N>): Promise<CallResponse<N>>;
  subscribe(listener: (signal: TransportSignal) => void): () => void;
}

export function createApiClient(transport: Transport): ApiClient {
  return {
    transport: transport.kind,
    async call<N extends CallName>(name: N, ...[payload]: PayloadArgs<N>): Promise<CallResponse<N>> {
      let result;
      try {
        result = await transport.invoke(name, payload ?? {});
      } catch (error) {
        if (error instanceof ApiError) throw error;
        throw new ApiError('unreachable', `The call ${name} could not be delivered: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (!result.ok) throw ApiError.fromEnvelope(result.error);
      // Both ends are typed by one contract, and the main process builds its answers from it.
      return result.value as CallResponse<N>;
    },
    subscribe: (listener) => transport.subscribe(listener),
  };
}

const ApiContext = createContext<ApiClient | null>(null);
export const ApiProvider = ApiContext.Provider;

export function useApi(): ApiClient {
  const api = useContext(ApiContext);
  if (api === null) throw new Error('useApi needs an <ApiProvider> above it');
  return api;
}
