import type {
  PacketCreatedResponse,
  PacketCreateRequest,
  PacketListResponse,
  PacketResponse,
} from '@healthfolio/core/packets/packet.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

export type { PacketCreatedResponse, PacketResponse };

const BASE = '/api/v1/packets';
const KEY = ['packets'] as const;

export const usePackets = () =>
  useQuery({ queryKey: KEY, queryFn: () => api<PacketListResponse>(BASE), select: (d) => d.items });

export const useCreatePacket = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PacketCreateRequest) => api<PacketCreatedResponse>(BASE, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
};

export const useRevokePacket = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<PacketResponse>(`${BASE}/${id}/revoke`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
};

export const useDeletePacket = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(`${BASE}/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
};
