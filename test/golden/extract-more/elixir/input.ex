defmodule Billing.Invoice do
  @moduledoc """
  Invoices.
  """
  alias Billing.{Gateway, Mailer}
  alias Billing.Repo, as: R
  import Ecto.Query, only: [from: 2]
  use GenServer
  require Logger

  @max_retries 3

  @doc "Pays it."
  def pay(%{total: total} = invoice, gateway) do
    Gateway.charge(gateway, total)
    R.insert!(invoice)
    log(invoice)
    invoice |> Mailer.deliver()
  end

  defp log(x), do: Logger.info("paid #{x}")

  defmacro sigil(x), do: x

  defmodule Line do
    defstruct [:amount]
    def new(a), do: %__MODULE__{amount: a}
  end
end

defmodule Billing.Worker do
  @behaviour Billing.Job
  # Runs the job.
  @impl true
  def run(n) when n > 0, do: run(n - 1)
  def run(0), do: :ok
end
