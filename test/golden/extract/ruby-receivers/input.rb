# Calls on variables that Klass.new made are calls on that class.
class Thor
  class Options
    def parse(args)
      args
    end
  end

  class Runner
    def initialize
      @shell = Shell::Basic.new
      @maybe = Shell::Basic.new
    end

    def later
      @maybe = nil
    end

    def start(argv)
      opts = Thor::Options.new
      opts.parse(argv)
      @shell.say("done")
      @maybe.say("unknown: assigned twice, differently")
      other = Options.new
      other = argv
      other.parse(argv)
      helper.parse(argv)
    end

    def elsewhere(argv)
      opts.parse(argv)
    end

    def client
      @client ||= Thor::Options.new
    end

    def use_client(argv)
      @client.parse(argv)
      @count ||= 0
      @count.parse(argv)
    end

    def split(argv)
      first = Thor::Options.new
      first, rest = argv
      first.parse(rest)
      kept = Thor::Options.new
      total = 0
      total += 1
      kept.parse(argv)
    end
  end
end
